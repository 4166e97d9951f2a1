/**
 * The security headers of every response, in one place. scripts/serve.mjs — the HTTP
 * server every request goes through — applies them; this module only decides them.
 *
 * Scripts: `script-src 'self' 'nonce-…'`. Next's scripts are same-origin files (allowed by 'self')
 * and inline scripts (the RSC payload, the bootstrap) which carry the response's nonce. Pages are
 * rendered — and cached — with a secret placeholder nonce (proxy.ts puts it in the request's CSP
 * header, which is where Next reads the nonce from); the server replaces the placeholder with a
 * fresh random nonce in every response, cached or not (scripts/serve.mjs, and the page cache's
 * fast path by splicing its gzip stream). Styles stay `'unsafe-inline'` (the inlined CSS, React's
 * style attributes): CSS cannot run code.
 */

export interface SecurityHeaderContext {
  /** The request's path (without the query). */
  pathname: string;
  /** The response's Content-Type, when known. */
  contentType?: string | null;
  /** The nonce of this response's scripts (pages). */
  nonce?: string | null;
  /** The site is served over https (SITE_URL): HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** `next dev`: React's dev tools need eval and a websocket. */
  dev?: boolean;
}

/** Pages whose URL carries a one-time token: never sent on as a Referer. */
const NO_REFERRER_PATHS = ['/reset-password', '/auth/confirm', '/newsletter/confirmar', '/newsletter/cancelar', '/orcamento'];

export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()';

/** The CSP of an HTML page (or anything else that may be shown as a document). */
export function contentSecurityPolicy({ nonce, https, dev }: Pick<SecurityHeaderContext, 'nonce' | 'https' | 'dev'>): string {
  const script = ["'self'"];
  if (nonce) script.push(`'nonce-${nonce}'`);
  if (dev) script.push("'unsafe-eval'");
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** A served SVG (catalogue art, uploads) runs no script and cannot be framed or navigate. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'none'";

function isSvg(contentType: string | null | undefined): boolean {
  return !!contentType && /^image\/svg\+xml\b/i.test(contentType);
}

/** Whether a response of this type is a document a browser renders (and so needs the page CSP). */
export function isDocument(contentType: string | null | undefined): boolean {
  return !!contentType && /^(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/** The headers to set on a response (names in their canonical case). */
export function securityHeaders(ctx: SecurityHeaderContext): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': NO_REFERRER_PATHS.some((p) => ctx.pathname === p || ctx.pathname.startsWith(`${p}/`))
      ? 'no-referrer'
      : 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (ctx.https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  if (isSvg(ctx.contentType)) headers['Content-Security-Policy'] = SVG_CSP;
  else headers['Content-Security-Policy'] = contentSecurityPolicy(ctx);
  return headers;
}

/**
 * A fresh nonce: 144 random bits, base64url (what Next accepts in a `'nonce-…'` source), 24
 * characters — the length of the placeholder it replaces, so a body keeps its length.
 */
export function newNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
}
