/**
 * The redirects of spec 2.2 as a pure function, applied by `proxy.ts`.
 *
 * Aliases of a page that has moved for good answer 308 (permanent, method kept); `/admin` only
 * picks the default admin screen, so it answers 307 and stays free to change.
 * The query string of the request is kept; a target's own parameters win over it.
 */
export interface RedirectTarget {
  /** Path plus query string, e.g. `/admin/pro-accounts?tab=users`. */
  destination: string;
  status: 307 | 308;
}

interface Rule {
  match: (pathname: string) => string | null;
  status: 307 | 308;
}

const exact =
  (from: string, to: string) =>
  (pathname: string): string | null =>
    pathname === from ? to : null;

const RULES: Rule[] = [
  { match: exact('/signup', '/access-request'), status: 308 },
  { match: exact('/auth/access-request', '/access-request'), status: 308 },
  { match: exact('/request-access', '/access-request'), status: 308 },
  { match: exact('/register-particular', '/'), status: 308 },
  { match: exact('/favoritos', '/dashboard/favorites'), status: 308 },
  { match: exact('/admin', '/admin/dashboard'), status: 307 },
  { match: exact('/admin/users', '/admin/pro-accounts?tab=users'), status: 308 },
  {
    // /admin/users/new is the create screen of spec 2.4, not a user id.
    match: (pathname) => {
      const m = /^\/admin\/users\/([^/]+)$/.exec(pathname);
      return m?.[1] && m[1] !== 'new' ? `/admin/pro-accounts/users/${m[1]}` : null;
    },
    status: 308,
  },
  { match: exact('/admin/access-requests', '/admin/pro-accounts'), status: 308 },
  { match: exact('/admin/accounts', '/admin/pro-accounts'), status: 308 },
];

function withQuery(target: string, search: string): string {
  const [path = '/', targetQuery = ''] = target.split('?', 2);
  const params = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(targetQuery)) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The redirect for a request path (`search` with or without its leading `?`), or null. */
export function resolveRedirect(pathname: string, search = ''): RedirectTarget | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const rule of RULES) {
    const target = rule.match(path);
    if (target !== null) return { destination: withQuery(target, search), status: rule.status };
  }
  return null;
}
