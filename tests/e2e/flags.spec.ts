import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';

/**
 * Hostname feature flags (spec 1 and 6). The e2e server runs with PRODUCTION_HOSTS=127.0.0.1
 * (playwright.config.ts, webServer.env), so http://127.0.0.1:PORT is a production host, where
 * registration, dashboard, checkout, favourites and profiles are off, and http://localhost:PORT
 * is not (everything on). Playwright cannot override the Host header reliably, hence two origins.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const PRODUCTION = `http://127.0.0.1:${PORT}`;
const OTHER = `http://localhost:${PORT}`;
const DIALOG_TITLE = 'Registo e Área Privada disponíveis muito em breve';
const SETUP_HINT =
  'the e2e server must run with PRODUCTION_HOSTS=127.0.0.1 (playwright.config.ts webServer.env)';

function location(response: { headers(): Record<string, string> }, base: string): string {
  const url = new URL(response.headers()['location'] ?? '', base);
  return url.pathname + url.search;
}

async function gotoReady(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
}

test.describe('on a production host', () => {
  test('/login redirects to /produtos?coming-soon=1 and the coming-soon dialog shows', async ({
    page,
    request,
  }) => {
    const response = await request.get(`${PRODUCTION}/login`, { maxRedirects: 0 });
    expect(response.status(), SETUP_HINT).toBe(307);
    expect(location(response, PRODUCTION)).toBe('/produtos?coming-soon=1');

    await page.goto(`${PRODUCTION}/login`);
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Adicionar artigos ao carrinho');
    await expect(dialog.getByRole('link', { name: 'Entre em Contacto' })).toHaveAttribute(
      'href',
      '/contacto',
    );
    await expect(dialog.getByRole('link', { name: 'Continuar a Navegar' })).toHaveAttribute(
      'href',
      '/produtos',
    );
    // The layout removes the parameter once the dialog is open.
    await expect(page).toHaveURL(`${PRODUCTION}/produtos`);

    await dialog.getByRole('link', { name: 'Entre em Contacto' }).click();
    await expect(page).toHaveURL(`${PRODUCTION}/contacto`);
    await expect(dialog).toBeHidden();
  });

  test('the other disabled routes redirect too (307)', async ({ request }) => {
    for (const path of [
      '/access-request',
      '/dashboard',
      '/dashboard/orders',
      '/dashboard/favorites',
      '/checkout',
      '/checkout/success',
    ]) {
      const response = await request.get(`${PRODUCTION}${path}`, { maxRedirects: 0 });
      expect(response.status(), `${path} — ${SETUP_HINT}`).toBe(307);
      expect(location(response, PRODUCTION), path).toBe('/produtos?coming-soon=1');
    }
  });

  test("'Área Privada' and favourites open the coming-soon dialog", async ({ page }) => {
    await gotoReady(page, `${PRODUCTION}/sobre`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Área Privada' })).toHaveCount(0);
    const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
    await expect(async () => {
      await header.getByRole('button', { name: 'Área Privada' }).click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await dialog.getByRole('link', { name: 'Continuar a Navegar' }).click();
    await expect(page).toHaveURL(`${PRODUCTION}/produtos`);
    await expect(dialog).toBeHidden();

    await header.getByRole('button', { name: 'Favoritos' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('browsing stays open: /produtos and /cart are not redirected', async ({ request }) => {
    for (const path of ['/produtos', '/sobre']) {
      const response = await request.get(`${PRODUCTION}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
    const cart = await request.get(`${PRODUCTION}/cart`, { maxRedirects: 0 });
    expect(cart.status()).not.toBe(307);
  });
});

test.describe('on any other host', () => {
  test("the 'Área Privada' link goes to /login, which is not redirected", async ({
    page,
    request,
  }) => {
    await gotoReady(page, `${OTHER}/sobre`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Área Privada' })).toHaveAttribute(
      'href',
      '/login',
    );
    // A guest's favourites prompt the login dialog (spec 4, guarded actions), not the coming-soon one.
    await header.getByRole('button', { name: 'Favoritos' }).click();
    await expect(page.getByRole('dialog', { name: 'Bem-vindo à Casa das Águas de Gaia' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: DIALOG_TITLE })).toHaveCount(0);

    const response = await request.get(`${OTHER}/login`, { maxRedirects: 0 });
    expect(response.status()).not.toBe(307);
    expect(response.headers()['location'] ?? '').not.toContain('coming-soon');
  });

  test('no coming-soon dialog without the parameter', async ({ page }) => {
    await gotoReady(page, `${OTHER}/produtos`);
    await expect(page.getByRole('dialog', { name: DIALOG_TITLE })).toHaveCount(0);
  });
});

/** A GET with a Host header of our choosing, sent straight to the server (Playwright cannot set Host). */
function getWithHost(path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; location: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path, method: 'GET', headers: { ...headers, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.describe('which host is production comes from the configuration, not the request', () => {
  test('a Host nobody configured, sent straight to the server, gets the production flags', async () => {
    for (const host of ['shop.internal', `10.0.0.7:${PORT}`, 'evil.example']) {
      const login = await getWithHost('/login', host);
      expect(login.status, host).toBe(307);
      expect(new URL(login.location, 'http://x').pathname + new URL(login.location, 'http://x').search, host).toBe('/produtos?coming-soon=1');
    }
    // X-Forwarded-Host cannot switch the features on either.
    const forged = await getWithHost('/login', '127.0.0.1', { 'x-forwarded-host': `localhost:${PORT}` });
    expect(forged.status).toBe(307);
  });

  test('/robots.txt follows the Host it was sent to, never X-Forwarded-Host (it is publicly cached)', async ({ request }) => {
    const forged = await request.get(`${OTHER}/robots.txt`, { headers: { 'x-forwarded-host': '127.0.0.1' } });
    expect(forged.status()).toBe(200);
    expect(await forged.text()).toBe('User-agent: *\nDisallow: /\n');
    const production = await request.get(`${PRODUCTION}/robots.txt`, { headers: { 'x-forwarded-host': 'localhost' } });
    expect(await production.text()).toContain('Allow: /');
  });
});
