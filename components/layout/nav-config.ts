/**
 * The main navigation of spec 2.6 and the rule that marks its active entry.
 * Labels are keys of the `Nav` messages namespace.
 */
export interface NavLinkItem {
  kind: 'link';
  key: string;
  href: string;
  /** 'PRO' is highlighted in amber. */
  highlight?: boolean;
}

export interface NavGroupItem {
  kind: 'group';
  key: string;
  items: { key: string; href: string }[];
}

export interface NavNewsletterItem {
  kind: 'newsletter';
  key: 'newsletter';
}

export type NavItem = NavLinkItem | NavGroupItem | NavNewsletterItem;

export const MAIN_NAV: readonly NavItem[] = [
  {
    kind: 'group',
    key: 'products',
    items: [
      { key: 'productsByFamily', href: '/produtos' },
      { key: 'productsByBrand', href: '/produtos-por-marca' },
    ],
  },
  { kind: 'link', key: 'brands', href: '/produtos-por-marca' },
  {
    kind: 'group',
    key: 'catalogues',
    items: [
      { key: 'ownCatalogues', href: '/catalogos' },
      { key: 'factoryCatalogues', href: '/catalogos-fabrica' },
    ],
  },
  { kind: 'link', key: 'campaigns', href: '/campanhas' },
  { kind: 'link', key: 'about', href: '/sobre' },
  { kind: 'link', key: 'contact', href: '/contacto' },
  { kind: 'link', key: 'pro', href: '/pro', highlight: true },
  { kind: 'newsletter', key: 'newsletter' },
];

/** Links of the mobile menu and the user block (spec 2.3, 2.6). */
export const ACCOUNT_LINKS = {
  account: '/dashboard',
  orders: '/dashboard/orders',
  favorites: '/dashboard/favorites',
  cart: '/cart',
  login: '/login',
  adminLogin: '/admin/login',
} as const;

function normalisePath(pathname: string | null | undefined): string {
  const path = (pathname ?? '/').split(/[?#]/, 1)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** Single links are active on their exact path only. */
export function isNavLinkActive(pathname: string | null | undefined, href: string): boolean {
  return normalisePath(pathname) === normalisePath(href);
}

/**
 * Dropdown parents are active on any path under one of their links, by whole path segments:
 * /produtos/salas-de-banho is under /produtos, /produtos-por-marca is not.
 */
export function isNavGroupActive(
  pathname: string | null | undefined,
  hrefs: readonly string[],
): boolean {
  const path = normalisePath(pathname);
  return hrefs.some((href) => {
    const base = normalisePath(href);
    return path === base || path.startsWith(`${base}/`);
  });
}

export function isAdminPath(pathname: string | null | undefined): boolean {
  const path = normalisePath(pathname);
  return path === '/admin' || path.startsWith('/admin/');
}
