/** @jest-environment node */
import { isSafeRedirect, safeRedirectPath } from '@/lib/safe-redirect';

/** The one check of redirect targets (`next`, callback URLs): on-site paths only. */
const SITE = 'https://loja.example.pt';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/produtos?brand=12&page=2#lista', '/produtos?brand=12&page=2#lista'],
    ['/dashboard/settings?email-changed=1', '/dashboard/settings?email-changed=1'],
    ['/a/../checkout', '/checkout'],
    [`${SITE}/dashboard/orders`, '/dashboard/orders'],
    ['/produtos?search=torneira+lav', '/produtos?search=torneira+lav'],
  ])('follows the on-site target %j', (value, expected) => {
    expect(safeRedirectPath(value, '/fallback', SITE)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '%2F%2Fevil.example',
    'https://evil.example',
    'https://evil.example/dashboard',
    'http://loja.example.pt/dashboard', // the site is https: another origin
    `${SITE}.evil.example/`,
    `${SITE}@evil.example/`,
    'https://user:pass@loja.example.pt/dashboard',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '/dashboard%0d%0aSet-Cookie:%20x=1',
    '/dashboard%0D%0ALocation:%20https://evil.example',
    '/dashboard\r\nLocation: https://evil.example',
    '/dash board',
    '/dash%20board',
    '/dash%C2%A0board',
    '/dash\u2028board',
    '/%E0%A4',
    '/%',
    `/${'a'.repeat(2001)}`,
    '',
  ])('refuses case %# (%s)', (value) => {
    expect(safeRedirectPath(value, '/fallback', SITE)).toBe('/fallback');
    expect(isSafeRedirect(value, SITE)).toBe(false);
  });

  it('refuses what is not a string and takes the first of a repeated parameter', () => {
    for (const value of [undefined, null, 42, {}, ['//evil.example', '/dashboard']]) {
      expect(safeRedirectPath(value, '/fallback', SITE)).toBe('/fallback');
    }
    expect(safeRedirectPath(['/dashboard', '//evil.example'], '/fallback', SITE)).toBe('/dashboard');
  });

  it('without the site origin accepts paths only', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath(`${SITE}/dashboard`)).toBe('/');
    expect(safeRedirectPath('//evil.example')).toBe('/');
  });
});
