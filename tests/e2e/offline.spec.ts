import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/demo';

/**
 * Issue 25 in Chromium with the network switched off (`context.setOffline`): the catalogue pages a
 * visitor opened stay readable offline with their images, an unvisited page is the offline page,
 * the banner comes and goes, search and the cart say they need a connection and keep what was
 * typed; a job list saved with "Disponível offline" opens offline with its product and its
 * technical-sheet PDF, and after sign-out none of it does.
 */

test.use({ serviceWorkers: 'allow' });
// Saving a list for offline use fetches its pages, scripts, images and PDFs: on a loaded CI machine that
// takes longer than the default minute.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

/** Waits until the service worker controls the page (it registers once the page has loaded). */
async function controlled(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
}

/** The pages the worker keeps as "recently visited" (their paths). */
async function recentPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('cag-pages-'));
    const out: string[] = [];
    for (const name of names) for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
    return out;
  });
}

/** Every catalogue image of the page has arrived (decoded, not broken). */
async function imagesShown(page: Page) {
  const images = page.locator('main img[src^="/media/"]');
  const count = await images.count();
  expect(count, 'catalogue images on the page').toBeGreaterThan(0);
  for (let i = 0; i < Math.min(count, 4); i++) {
    const img = images.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  }
}

async function goOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
}

test('catalogue pages opened online open offline with their images; an unvisited one is the offline page', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);

  // A family listing and three product pages, reached as a visitor does (clicking links).
  await page.goto('/produtos');
  const chapter = await page.locator('main a[href^="/produtos/"]').first().getAttribute('href');
  await page.goto(chapter!);
  const familyHref = await page.locator(`main a[href^="${chapter}/"]`).first().getAttribute('href');
  await page.goto(familyHref!);
  const family = new URL(page.url()).pathname;
  const productHrefs = [...new Set(await page.locator(`main a[href^="${family}/"]`).evaluateAll((links) => links.map((a) => a.getAttribute('href')!)))].slice(0, 3);
  expect(productHrefs).toHaveLength(3);
  await imagesShown(page);
  for (const href of productHrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await imagesShown(page);
  }
  const visited = ['/', family, ...productHrefs];
  await expect.poll(async () => {
    const kept = await recentPages(page);
    return visited.filter((p) => !kept.includes(p));
  }, { timeout: 20_000 }).toEqual([]);

  await goOffline(context, true);
  for (const path of visited) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Said plainly: offline, saved on this device, with the date of its prices.
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toHaveAttribute('data-state', 'offline');
    await expect(banner).toContainText('Sem ligação à internet.');
    await expect(page.getByTestId('offline-saved-at')).toHaveText(/^Página guardada neste aparelho a \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}: preços e disponibilidade dessa data\.\s*$/);
    if (path !== '/') await imagesShown(page);
  }

  // A page never opened here: the offline page, in Portuguese, with what is still available.
  const unvisited = await page.goto('/sobre');
  expect(unvisited?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1, name: 'Sem ligação à internet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  const kept = page.getByRole('heading', { name: 'Páginas guardadas neste aparelho' });
  await expect(kept).toBeVisible();
  await expect(page.locator(`a[href="${productHrefs[0]}"]`)).toBeVisible();

  // Back online on a copy: the banner says so and offers today's page.
  await page.goto(productHrefs[0]!);
  await goOffline(context, false);
  await expect(page.getByTestId('offline-banner')).toHaveAttribute('data-state', 'online');
  await expect(page.getByTestId('offline-banner')).toContainText('Ligação à internet restabelecida. Está a ver a cópia guardada a ');
  await page.getByRole('button', { name: 'Atualizar página' }).click();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // On a live page the banner comes with the loss of signal and goes a few seconds after it returns.
  await goOffline(context, true);
  await expect(page.getByTestId('offline-banner')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('offline-banner')).toContainText('Sem ligação à internet.');
  await goOffline(context, false);
  await expect(page.getByTestId('offline-banner')).toHaveText('Ligação à internet restabelecida.');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 10_000 });
});

test('offline, search and the cart say they need a connection and keep what was typed', async ({ page, context }) => {
  await page.goto('/produtos');
  await controlled(page);
  const productHref = await page.evaluate(async () => {
    const listing = await (await fetch('/api/products/by-chapter?chapter=40&limit=5')).json();
    return `/produtos/p/${encodeURIComponent(listing.data[0].product_code)}`;
  });
  await page.goto(productHref);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(500);

  await goOffline(context, true);
  await expect(page.getByTestId('offline-banner')).toContainText('Sem ligação à internet.');
  const url = page.url();

  // Search: refused in words, the term stays in the box, the page stays.
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Pesquisar produtos' });
  await box.fill('torneira de esquadria');
  await box.press('Enter');
  await expect(page.getByRole('banner').getByText('A pesquisa precisa de ligação à internet.').first()).toBeVisible();
  await expect(box).toHaveValue('torneira de esquadria');
  expect(page.url()).toBe(url);

  // Add to cart: the quantity typed stays, the cart is not changed, the toast says why.
  const add = page.getByRole('button', { name: /Adicionar ao carrinho/ }).first();
  await expect(add).toBeVisible();
  const quantity = page.getByRole('spinbutton').first();
  if (await quantity.count()) await quantity.fill('3');
  await add.click();
  await expect(page.getByText('Sem ligação à internet: o carrinho não foi alterado.').first()).toBeVisible({ timeout: 10_000 });
  if (await quantity.count()) await expect(quantity).toHaveValue('3');
  await goOffline(context, false);
});

test('a job list saved for offline use opens offline with its product and technical sheet; after sign-out nothing does', async ({ page, context, baseURL }) => {
  await signIn(page, baseURL!, 'pro');
  // A product with a published technical sheet, from the document centre.
  await page.goto('/fichas-tecnicas');
  const productPath = await page.locator('main a[href^="/produtos/"]').first().getAttribute('href');
  const productCode = decodeURIComponent(productPath!.split('/').pop()!);
  const models = await (await page.request.get(`/api/products/${encodeURIComponent(productCode)}/models`)).json();
  const model = (models.data as { code: string; sales_minimum?: number; sales_increment: number }[])[0]!;
  const created = await (await page.request.post('/api/job-lists', { data: { name: 'Obra da cave — Rua do Sol' }, headers: { origin: baseURL! } })).json();
  const listId = created.data.id as number;
  const added = await page.request.post(`/api/job-lists/${listId}/lines`, {
    data: { code: model.code, quantity_of_packages: Math.max(1, model.sales_minimum ?? 1, model.sales_increment) },
    headers: { origin: baseURL! },
  });
  expect(added.status()).toBeLessThan(300);

  const listPath = `/dashboard/obras/${listId}`;
  await page.goto(listPath);
  await controlled(page);
  await expect(page.getByTestId('job-list-name')).toHaveText('Obra da cave — Rua do Sol');
  const unitPrice = (await page.getByTestId('job-list-line-unit-price').first().textContent())!.trim();
  await page.getByRole('button', { name: 'Disponível offline' }).click();
  await expect(page.getByTestId('save-offline-status')).toContainText('Guardado neste aparelho', { timeout: 30_000 });
  await expect(page.getByTestId('saved-offline-at')).toContainText('Disponível offline · guardado a ');

  // The sheet's PDF as the product page links it.
  await page.goto(productPath!);
  const pdfHref = await page.getByTestId('product-sheets').locator('a[href^="/documentos/"]').first().getAttribute('href');

  await goOffline(context, true);
  const list = await page.goto(listPath);
  expect(list?.status()).toBe(200);
  await expect(page.getByTestId('job-list-name')).toHaveText('Obra da cave — Rua do Sol');
  await expect(page.getByTestId('job-list-line-unit-price').first()).toHaveText(unitPrice);
  await expect(page.getByTestId('offline-saved-at')).toContainText('preços e disponibilidade dessa data');
  // The product, as linked from the list.
  await page.locator(`[data-testid="job-list-line"] a`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('product-sheets')).toBeVisible();
  const pdf = await page.evaluate(async (href) => {
    const response = await fetch(href);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('Content-Type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
  }, pdfHref!);
  expect(pdf).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), head: '%PDF-' });

  // Sign out (online), then offline: none of this customer's pages or data open.
  await goOffline(context, false);
  await page.goto('/produtos');
  // Sign-out ends with a full reload of the page: mark this document to know when it is replaced
  // (the header's skeleton hides the menu before that, and a navigation started then is aborted).
  await page.evaluate(() => Object.assign(window, { beforeSignOut: true }));
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Sair' }).click();
  await page.waitForFunction(() => !('beforeSignOut' in window), null, { timeout: 30_000 });
  await page.waitForLoadState('load');
  await expect(page.getByTestId('user-menu-trigger')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Área Privada' }).first()).toBeVisible();
  await goOffline(context, true);
  const after = await page.goto(listPath);
  expect(after?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1, name: 'Sem ligação à internet' })).toBeVisible();
  await expect(page.getByText('Obra da cave — Rua do Sol')).toHaveCount(0);
  // Nothing browsed or saved while signed in is left: no saved group, none of those pages or the
  // sheet. (The page reloaded after sign-out is a public page the worker may keep again.)
  const leftovers = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => !n.startsWith('cag-static-'));
    const paths: string[] = [];
    for (const name of names) for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
    return { names, paths };
  });
  expect(leftovers.names).not.toContain('cag-saved');
  for (const path of [listPath, productPath!, '/fichas-tecnicas', new URL(pdfHref!, baseURL).pathname]) {
    expect(leftovers.paths, `${path} is still cached after sign-out`).not.toContain(path);
  }
  expect(leftovers.paths.filter((p) => p.startsWith('/dashboard'))).toEqual([]);
  await goOffline(context, false);
});
