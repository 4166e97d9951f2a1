/** Roles, permissions and route gating (spec 2.4, 4 "Protected routes" and 6). */

/**
 * `viewer` is spec 6's default role: every customer (private or professional) has it, and any
 * unknown role is read as it. `reader` is the shop's staff member who only looks: the
 * staff console's dashboard with figures, no section to change. Customers and the staff reader
 * never share a role: a customer opening /admin gets a page for customers, not the console.
 */
export const ROLES = ['admin', 'editor', 'reader', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'viewer';
/** How the admin screens name each role ('viewer' is every customer's role). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = { admin: 'Administrador', editor: 'Editor', reader: 'Leitor', viewer: 'Cliente' };

/** The roles of the shop's staff (the admin flag makes anyone staff too). */
export const STAFF_ROLES: readonly Role[] = ['admin', 'editor', 'reader'];

export const PERMISSION_NAMES = [
  'manage_campaigns',
  'manage_orders',
  'manage_products',
  'manage_quotes',
  'manage_users',
  'view_analytics',
  'view_campaigns',
  'view_products',
] as const;
export type Permission = (typeof PERMISSION_NAMES)[number];

/**
 * Spec 6 roles table, plus `manage_quotes` (answering quotes) and `manage_orders`
 * (staff orders) for editor and admin, and the staff `reader` with the view
 * permissions of the table. A customer's `viewer` permissions open nothing of the staff console:
 * the console is for staff (`isStaff`) only.
 */
export const PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['manage_campaigns', 'manage_orders', 'manage_products', 'manage_quotes', 'manage_users', 'view_analytics'],
  editor: ['manage_campaigns', 'manage_orders', 'manage_products', 'manage_quotes', 'view_analytics'],
  reader: ['view_campaigns', 'view_products', 'view_analytics'],
  viewer: ['view_campaigns', 'view_products', 'view_analytics'],
};

/** A stored role (trimmed, any case) as a known role; anything else, null included, is 'viewer'. */
export function normaliseRole(raw: unknown): Role {
  if (typeof raw !== 'string') return DEFAULT_ROLE;
  const role = raw.trim().toLowerCase();
  return (ROLES as readonly string[]).includes(role) ? (role as Role) : DEFAULT_ROLE;
}

/** Spec 3: the metadata role, upgraded to 'admin' when the admin check passed. */
export function effectiveRole(raw: unknown, isAdmin: boolean): Role {
  return isAdmin ? 'admin' : normaliseRole(raw);
}

export function hasPermission(role: unknown, permission: Permission): boolean {
  return PERMISSIONS[normaliseRole(role)].includes(permission);
}

export interface AccessUser {
  role: unknown;
  isAdmin: boolean;
}

/**
 * Staff: the admin flag or a staff role (admin, editor, reader), i.e. the accounts of the
 * management area. Only they see the staff console (a customer gets the customers' page at /admin)
 * and are offered the optional second factor.
 */
export function isStaff(user: AccessUser): boolean {
  return user.isAdmin || STAFF_ROLES.includes(normaliseRole(user.role));
}

/** Staff who may change something (the admin flag, or a role with a `manage_*` permission): not the reader. */
export function isEditingStaff(user: AccessUser): boolean {
  return user.isAdmin || PERMISSIONS[normaliseRole(user.role)].some((p) => p.startsWith('manage_'));
}

/** What a server action may require of its user: a permission of spec 6, or being staff. */
export type ActionAccess = Permission | 'staff';

/** The admin flag allows everything (as on pages); otherwise the permission of the role, or staff. */
export function hasAccess(user: AccessUser, access: ActionAccess): boolean {
  if (user.isAdmin) return true;
  return access === 'staff' ? isStaff(user) : hasPermission(user.role, access);
}

export type RouteRequirement =
  | { kind: 'open' }
  | { kind: 'login' }
  | { kind: 'permission'; permission: Permission }
  | { kind: 'admin' };

export interface AdminRouteRule {
  /** Matches this path and everything below it (whole segments only). */
  prefix: string;
  requirement: RouteRequirement;
}

const OPEN: RouteRequirement = { kind: 'open' };
const LOGIN: RouteRequirement = { kind: 'login' };
const ADMIN: RouteRequirement = { kind: 'admin' };
const needs = (permission: Permission): RouteRequirement => ({ kind: 'permission', permission });

/** Admin route families of spec 2.4 and what they need (spec 6 "Route gating"). */
export const ADMIN_ROUTE_RULES: readonly AdminRouteRule[] = [
  { prefix: '/admin/login', requirement: OPEN },
  { prefix: '/admin/login-debug', requirement: OPEN },
  { prefix: '/admin/dashboard', requirement: LOGIN },
  { prefix: '/admin/campaigns', requirement: needs('manage_campaigns') },
  { prefix: '/admin/products', requirement: needs('manage_products') },
  { prefix: '/admin/quotes', requirement: needs('manage_quotes') },
  { prefix: '/admin/orders', requirement: needs('manage_orders') },
  { prefix: '/admin/ficha-tecnica', requirement: needs('manage_products') },
  { prefix: '/admin/google-category-classifier', requirement: needs('manage_products') },
  { prefix: '/admin/catalogue-management', requirement: needs('manage_products') },
  { prefix: '/admin/brands', requirement: needs('manage_products') },
  { prefix: '/admin/supplier-catalogues', requirement: needs('manage_products') },
  // Search tuning (beyond spec 2.4): synonyms and the log of searches without results.
  { prefix: '/admin/search', requirement: needs('manage_products') },
  { prefix: '/admin/users', requirement: needs('manage_users') },
  { prefix: '/admin/pro-accounts', requirement: needs('manage_users') },
  { prefix: '/admin/cache-performance', requirement: needs('manage_users') },
  { prefix: '/admin/phc-sync', requirement: ADMIN },
  { prefix: '/admin/phc-clients', requirement: ADMIN },
];

/** Account-area routes outside /admin that need a login (spec 2.1, 2.3, 6). */
export const LOGIN_ROUTE_PREFIXES = ['/dashboard', '/checkout'] as const;

/**
 * A pathname as the router would see it: without query or hash, percent-decoded, with '.' and '..'
 * resolved, repeated and trailing slashes removed, lower-cased (so odd spellings are never looser).
 */
export function normalisePathname(pathname: string): string {
  let path = (pathname.split(/[?#]/, 1)[0] ?? '').replace(/\\/g, '/');
  try {
    // An encoded slash (%2F, %5C) is part of its segment for the router (a dynamic param holding
    // '/'), never a separator: kept encoded, so '..%2F..%2Fdashboard' cannot climb out of a section.
    path = decodeURIComponent(path.replace(/%(2f|5c)/gi, '%25$1'));
  } catch {
    // Malformed escapes: keep the raw text.
  }
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment.toLowerCase());
  }
  return `/${segments.join('/')}`;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** What a path needs. Unknown /admin/* paths need the admin flag (safe default); /admin itself a login. */
export function requirementFor(pathname: string): RouteRequirement {
  const path = normalisePathname(pathname);
  if (path === '/admin') return LOGIN;
  if (under(path, '/admin')) {
    let best: AdminRouteRule | undefined;
    for (const rule of ADMIN_ROUTE_RULES) {
      if (under(path, rule.prefix) && (!best || rule.prefix.length > best.prefix.length))
        best = rule;
    }
    return best ? best.requirement : ADMIN;
  }
  if (LOGIN_ROUTE_PREFIXES.some((prefix) => under(path, prefix))) return LOGIN;
  return OPEN;
}

/** Spec 4 logout: paths under /dashboard, /admin or /checkout are protected (logout from them goes to /). */
export function isProtectedPath(pathname: string): boolean {
  const path = normalisePathname(pathname);
  return ['/dashboard', '/admin', '/checkout'].some((prefix) => under(path, prefix));
}

/**
 * Spec 4 "Protected routes": no user → 'login'; the admin flag allows everything; an admin-flag
 * route without the flag → 'admin-only' ('Admin Access Only'); a missing permission → 'denied' ('Access Denied').
 */
export type AccessDecision = 'allow' | 'login' | 'admin-only' | 'denied';

export function accessDecision({
  user,
  requirement,
}: {
  user: AccessUser | null | undefined;
  requirement: RouteRequirement;
}): AccessDecision {
  if (requirement.kind === 'open') return 'allow';
  if (!user) return 'login';
  if (user.isAdmin) return 'allow';
  switch (requirement.kind) {
    case 'login':
      return 'allow';
    case 'admin':
      return 'admin-only';
    case 'permission':
      return hasPermission(user.role, requirement.permission) ? 'allow' : 'denied';
  }
}
