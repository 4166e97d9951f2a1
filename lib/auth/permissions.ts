/** Roles, permissions and route gating (spec 2.4, 4 "Protected routes" and 6). */

export const ROLES = ['admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'viewer';

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
 * Spec 6 roles table, plus `manage_quotes` (issue 12: answering quotes) and `manage_orders`
 * (issue 14: staff orders) for editor and admin.
 */
export const PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: ['manage_campaigns', 'manage_orders', 'manage_products', 'manage_quotes', 'manage_users', 'view_analytics'],
  editor: ['manage_campaigns', 'manage_orders', 'manage_products', 'manage_quotes', 'view_analytics'],
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
 * Staff: the admin flag or a role above 'viewer' (editor, admin), i.e. the accounts of the
 * management area. Only they are offered the optional second factor.
 */
export function isStaff(user: AccessUser): boolean {
  return user.isAdmin || normaliseRole(user.role) !== 'viewer';
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
  // Search tuning (issue 13, beyond spec 2.4): synonyms and the log of searches without results.
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
