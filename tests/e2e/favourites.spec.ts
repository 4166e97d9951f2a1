import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Favourites (issue 10; spec 2.2, 2.3, 2.6, 4 guarded actions). http://localhost:PORT has every
 * feature on; http://127.0.0.1:PORT plays the production host (playwright.config.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const PRODUCTION = `http://127.0.0.1:${PORT}`;
const LISTING = '/produtos/salas-de-banho/louca-sanitaria';
const LOGIN_DIALOG = 'Bem-vindo à Casa das Águas de Gaia';
const COMING_SOON = 'Registo e Área Privada disponíveis muito em breve';

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

/**
 * Waits until the header knows the session (the user block has left its loading skeleton).
 * A guest's 'Área Privada' is a link, or a button (the coming-soon dialog) on the production host.
 */
async function sessionKnown(page: Page, signedIn: boolean, guestControl: 'link' | 'button' = 'link') {
  await hydrated(page);
  if (signedIn) await expect(page.getByTestId('user-menu-trigger')).toBeVisible({ timeout: 15_000 });
  else await expect(page.getByRole('banner').getByRole(guestControl, { name: 'Área Privada' })).toBeVisible();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function logIn(page: Page) {
  await sessionKnown(page, false);
  await page.getByRole('banner').getByRole('link', { name: 'Área Privada' }).click();
  const form = page.getByTestId('login-dialog').getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.particular.email);
  await form.getByLabel('Password').fill(DEMO.particular.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  // After the sign-in the page reloads and asks /api/session: on a loaded machine that can take
  // longer than 5 s (the header gives up waiting at 15 s, spec 4).
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible({ timeout: 15_000 });
}

async function logOut(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Área Privada' })).toBeVisible();
}

test('the private customer hearts a product, logs out and in, and finds it on /dashboard/favorites', async ({ page }) => {
  await page.goto(LISTING);
  // The page's one list of favourites (one GET for every heart of the page) after the login's reload.
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/favourites') && r.request().method() === 'GET');
  await logIn(page);
  expect((await listed).status()).toBe(200);

  // A card not yet among the favourites (a retry of this test finds its first pick hearted), held by its code.
  const code = await page.getByTestId('product-card').filter({ has: page.locator('[data-testid="favourite-toggle"][aria-pressed="false"]') }).first().getAttribute('data-product-code');
  expect(code).toBeTruthy();
  const card = page.locator(`[data-testid="product-card"][data-product-code="${code}"]`);
  const name = (await card.getByRole('heading').innerText()).trim();
  const heart = card.getByTestId('favourite-toggle');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAccessibleName('Adicionar aos favoritos');

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/favourites') && r.request().method() === 'POST');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName('Remover dos favoritos');
  expect((await saved).status()).toBe(201);

  // The product page shows it too, from the client; its cached HTML holds nothing personal.
  const productPath = await card.getByRole('heading').getByRole('link').getAttribute('href');
  expect(productPath).toBeTruthy();
  const html = await (await page.request.get(productPath!)).text();
  expect(html).toContain('aria-pressed="false"');
  expect(html).not.toContain('aria-pressed="true"');
  await page.goto(productPath!);
  await sessionKnown(page, true);
  const pageHeart = page.getByRole('main').locator(`[data-testid="favourite-toggle"][data-product-code="${code}"]`).first();
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');

  await logOut(page);
  await page.goto(LISTING);
  await logIn(page);

  // /favoritos is the old address of the list (spec 2.2).
  await page.goto('/favoritos');
  await expect(page).toHaveURL(/\/dashboard\/favorites$/);
  await expect(page.getByRole('heading', { name: 'Favoritos', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'A minha conta' }).getByRole('link', { name: 'Favoritos' })).toHaveAttribute('aria-current', 'page');
  const item = page.locator(`[data-testid="favourite-item"][data-product-code="${code}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name })).toHaveAttribute('href', productPath!);
  await expect(item.getByRole('table')).toBeVisible();
  await expect(item.getByRole('columnheader', { name: 'Embalagens' })).toBeVisible();
  await expect(item.getByRole('link', { name: 'Ver produto e encomendar' })).toHaveAttribute('href', productPath!);
  await expect(item.getByRole('button', { name: 'Remover dos favoritos' })).toHaveAttribute('aria-pressed', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  // Removing it from the list: the page drops it and shows the empty state.
  await item.getByRole('button', { name: 'Remover dos favoritos' }).click();
  await expect(item).toHaveCount(0);
  const empty = page.getByTestId('favourites-empty');
  await expect(empty).toContainText('Ainda não tem favoritos');
  await expect(empty.getByRole('link', { name: 'Ver produtos' })).toHaveAttribute('href', '/produtos');
});

test('a guest clicking a heart gets the login dialog', async ({ page }) => {
  await page.goto(LISTING);
  await sessionKnown(page, false);
  const heart = page.getByTestId('product-card').first().getByRole('button', { name: 'Adicionar aos favoritos' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const dialog = page.getByRole('dialog', { name: LOGIN_DIALOG });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
});

test('a guest on the production host gets the coming-soon dialog, and the API is off there', async ({ page }) => {
  await page.goto(`${PRODUCTION}${LISTING}`);
  await sessionKnown(page, false, 'button');
  await page.getByTestId('product-card').first().getByRole('button', { name: 'Adicionar aos favoritos' }).click();
  await expect(page.getByRole('dialog', { name: COMING_SOON })).toBeVisible();
  await expect(page.getByRole('dialog', { name: LOGIN_DIALOG })).toHaveCount(0);

  const guest = await page.request.get(`${PRODUCTION}/api/favourites`);
  expect(guest.status()).toBe(401);
  expect(guest.headers()['cache-control']).toBe('private, no-store');
});
