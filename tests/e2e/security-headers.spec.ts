import { expect, test, type APIResponse } from '@playwright/test';

/**
 * Security headers on every response (issue 9, lib/security/headers.ts applied by scripts/serve.mjs):
 * a CSP whose script nonce is fresh in every response — cached catalogue pages included — and
 * matches the page's scripts, no framing, a referrer policy, a permissions policy, nosniff.
 */

function nonceOf(response: APIResponse): string {
  const csp = response.headers()['content-security-policy'] ?? '';
  const match = /script-src [^;]*'nonce-([A-Za-z0-9_-]+)'/.exec(csp);
  expect(match, `script nonce in the CSP: ${csp}`).not.toBeNull();
  return match![1]!;
}

function expectBaseline(response: APIResponse) {
  const h = response.headers();
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['permissions-policy']).toContain('camera=()');
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
}

test.describe('security headers', () => {
  test('pages carry a strict CSP with a nonce of their own, also when served from the page cache', async ({ request }) => {
    for (const path of ['/', '/produtos', '/produtos/salas-de-banho', '/produtos?q=torneira', '/login', '/contacto', '/sobre']) {
      const first = await request.get(path);
      const second = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      for (const response of [first, second]) {
        expect(response.status(), path).toBe(200);
        expectBaseline(response);
        const h = response.headers();
        const csp = h['content-security-policy']!;
        for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
          expect(csp, path).toContain(directive);
        }
        expect(csp).not.toContain("'unsafe-inline' 'nonce");
        expect(/script-src[^;]*'unsafe-inline'/.test(csp), 'no unsafe-inline scripts').toBe(false);
        expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
        // Every script of the page carries this response's nonce, and no other.
        const html = await response.text();
        const nonce = nonceOf(response);
        const nonces = new Set([...html.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]));
        expect(nonces, path).toEqual(new Set([nonce]));
        // The preload Link header too: the server's placeholder never leaves it.
        for (const m of (h['link'] ?? '').matchAll(/nonce="([^"]*)"/g)) expect(m[1], `${path}: Link nonce`).toBe(nonce);
        expect(h['x-middleware-rewrite']).toBeUndefined();
        // Inline scripts that run (JSON-LD is data) all carry it.
        const inlineWithout = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
          (m) => !/\bsrc=/.test(m[1]!) && !/\bnonce=/.test(m[1]!) && !/type="application\/ld\+json"/.test(m[1]!),
        );
        expect(inlineWithout, `${path}: inline scripts without the nonce`).toHaveLength(0);
      }
      expect(nonceOf(first), `${path}: a fresh nonce per response`).not.toBe(nonceOf(second));
    }
  });

  test('a cached page hydrates under its CSP: no violation, interactive controls work', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    for (const path of ['/', '/produtos/salas-de-banho']) {
      // Twice: the second answer comes from the page cache.
      await page.goto(path);
      await page.goto(path);
      await page.getByRole('button', { name: /categorias/i }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    expect(violations).toEqual([]);
  });

  test('pages that carry a token in their URL send no referrer; APIs and media get the headers too', async ({ request }) => {
    const reset = await request.get('/reset-password?token=abc');
    expect(reset.headers()['referrer-policy']).toBe('no-referrer');
    expectBaseline(reset);

    const api = await request.get('/api/health');
    expectBaseline(api);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('an SVG image runs nothing: sandboxed CSP', async ({ request }) => {
    const html = await (await request.get('/')).text();
    // The home page shows the brands' logos, generated as SVG.
    const svg = /\/media\/[a-z-]+\/[^"'?\s]+\.svg/.exec(html)?.[0];
    expect(svg, 'an SVG image on the home page').toBeTruthy();
    const response = await request.get(svg!);
    expect(response.status()).toBe(200);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('a login page cannot be framed by another site', async ({ page }) => {
    await page.setContent(`<iframe id="f" src="${test.info().project.use.baseURL}/login"></iframe>`);
    const frame = page.frame({ url: /\/login/ });
    // Blocked frames never get the login form.
    await page.waitForTimeout(1500);
    const hasForm = frame ? await frame.locator('input[type="password"]').count() : 0;
    expect(hasForm).toBe(0);
  });
});
