/**
 * The one check of every redirect target a request carries (`next` of the login pages, the
 * callback URLs of better-auth, the newsletter…): no open redirect.
 *
 * A target is followed only when
 * - it is a string of at most 2,000 characters;
 * - neither the text nor its percent-decoded forms hold a control character, whitespace or a
 *   backslash (browsers drop tabs and newlines and read `\` as `/`: `/<TAB>/evil.example` and
 *   `/\evil.example` both lead to `//evil.example`);
 * - it resolves to the site's own origin (a path, or an absolute URL of that origin) and its path
 *   does not start with `//` after resolution (which a browser would read as another host).
 * What comes back is always a path (`/…`, with query and fragment), never an absolute URL.
 *
 * Pure: used by pages, server actions, better-auth's hooks and client components alike.
 */

const MAX_LENGTH = 2000;
/** Control characters, every Unicode space and the backslash. */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\s\\\u200b-\u200f\u2028\u2029\u2060\ufeff]/u;
/** A placeholder origin for resolving relative targets when the caller gives none. */
const PLACEHOLDER_ORIGIN = 'http://site.invalid';

/** The text and every percent-decoding of it (up to 3 rounds), or null when one is malformed. */
function decodings(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 3 && current.includes('%'); i++) {
    try {
      const decoded = decodeURIComponent(current);
      if (decoded === current) break;
      forms.push(decoded);
      current = decoded;
    } catch {
      return null;
    }
  }
  return forms;
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The on-site path a target leads to, or null when it leads anywhere else or is malformed. */
function onSitePath(value: string, origin: string): string | null {
  // A path, or an absolute http(s) URL: never a relative name like `evil.example`.
  if (!value.startsWith('/') && !/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

/**
 * The path to redirect to for `value`, or `fallback` when `value` is missing or not a safe
 * on-site target. `siteOrigin` (e.g. SITE_URL, or `window.location.origin`) lets absolute URLs of
 * the site through; without it only paths are accepted.
 */
export function safeRedirectPath(
  value: unknown,
  fallback = '/',
  siteOrigin?: string,
): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string' || !raw || raw.length > MAX_LENGTH) return fallback;
  const forms = decodings(raw);
  if (!forms || forms.some((form) => FORBIDDEN.test(form))) return fallback;
  const origin = originOf(siteOrigin) ?? PLACEHOLDER_ORIGIN;
  // Every decoded form must stay on the site too: `%2F%2Fevil` must not become `//evil` later.
  let path: string | null = null;
  for (const form of forms) {
    const resolved = onSitePath(form, origin);
    if (!resolved) return fallback;
    path ??= resolved;
  }
  return path ?? fallback;
}

/** True when `value` is a safe on-site redirect target (see safeRedirectPath). */
export function isSafeRedirect(value: unknown, siteOrigin?: string): boolean {
  return safeRedirectPath(value, '', siteOrigin) !== '';
}
