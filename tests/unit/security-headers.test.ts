/** @jest-environment node */
import { contentSecurityPolicy, newNonce, securityHeaders, SVG_CSP } from '@/lib/security/headers';

describe('security headers (lib/security/headers.ts)', () => {
  it('gives pages a nonce-based script policy that forbids framing, plugins, base and foreign form targets', () => {
    const csp = securityHeaders({ pathname: '/produtos', contentType: 'text/html; charset=utf-8', nonce: 'abc', https: false })['Content-Security-Policy'];
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    for (const d of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp).toContain(d);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('adds HSTS and upgrade-insecure-requests only on https', () => {
    const plain = securityHeaders({ pathname: '/', nonce: 'n', https: false });
    const secure = securityHeaders({ pathname: '/', nonce: 'n', https: true });
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(secure['Strict-Transport-Security']).toMatch(/max-age=\d{8,}/);
    expect(secure['Content-Security-Policy']).toContain('upgrade-insecure-requests');
  });

  it('sends no referrer from pages whose URL carries a token', () => {
    expect(securityHeaders({ pathname: '/reset-password', https: false })['Referrer-Policy']).toBe('no-referrer');
    expect(securityHeaders({ pathname: '/auth/confirm', https: false })['Referrer-Policy']).toBe('no-referrer');
    expect(securityHeaders({ pathname: '/produtos', https: false })['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sandboxes SVG images', () => {
    expect(securityHeaders({ pathname: '/media/brands/x.svg', contentType: 'image/svg+xml; charset=utf-8', https: false })['Content-Security-Policy']).toBe(SVG_CSP);
    expect(SVG_CSP).toContain('sandbox');
  });

  it('allows eval only in development', () => {
    expect(contentSecurityPolicy({ nonce: 'n', https: false, dev: true })).toContain("'unsafe-eval'");
  });

  it('makes fresh 24-character nonces (the placeholder length) of 144 random bits', () => {
    const a = newNonce();
    const b = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a).not.toBe(b);
  });
});
