import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn, unitModels } from './support/demo';

/**
 * Issue 22 item 7, on a 390 px phone: no page of the catalogue, cart, checkout or account is
 * wider than the screen; the product page lists its models as cards (code, attributes, price,
 * quantity, add) instead of the 919 px table; the header has a search field of its own; /cart
 * keeps the total and 'Fazer Pedido' in a bar at the bottom; catalogue cards sit two to a row
 * without the quick add that cannot work there.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe.configure({ mode: 'serial' });

const MANY_MODELS = '/produtos/p/P100495';

async function settled(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle').catch(() => {});
}

/** The page's width beyond the 390 px viewport (0 when it fits), and what sticks out. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (width > window.innerWidth) {
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1 && r.width > 0) culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(r.right)}`);
        if (culprits.length > 6) break;
      }
    }
    return { width, culprits };
  });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function expectFits(page: Page, paths: string[]) {
  const wide: Record<string, unknown> = {};
  for (const path of paths) {
    await settled(page, path);
    const o = await overflow(page);
    if (o.width > 390) wide[path] = o;
  }
  expect(wide).toEqual({});
}

test('the catalogue is no wider than the phone, its cards two to a row without the quick add', async ({ page }) => {
  test.setTimeout(180_000);
  await expectFits(page, ['/', '/produtos', '/produtos/salas-de-banho', '/produtos/salas-de-banho/torneiras-de-lavatorio', MANY_MODELS, '/produtos?search=torneira']);

  // A family listing: two cards per row, not one ~560 px card; no quick add on the phone.
  await settled(page, '/produtos/salas-de-banho/torneiras-de-lavatorio');
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.round(a!.y)).toBe(Math.round(b!.y));
  expect(a!.height).toBeLessThan(420);
  await expect(page.getByTestId('card-add-to-cart').first()).toBeHidden();
});

test('the header has a labelled search field that submits to the search', async ({ page }) => {
  await settled(page, '/produtos/salas-de-banho');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Pesquisar produtos' });
  await expect(box).toHaveCount(1);
  await expect(box).toBeVisible();
  await box.fill('esquentador');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/produtos\?search=esquentador$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect((await overflow(page)).width).toBeLessThanOrEqual(390);
});

test('a product page lists its models as cards with price, quantity and add', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'pro');
  await settled(page, MANY_MODELS);
  expect((await overflow(page)).width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('table')).toBeHidden();
  const cards = page.getByTestId('model-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  const card = cards.first();
  const code = await card.getAttribute('data-model-code');
  await expect(card).toContainText(code!);
  await expect(card).toContainText('Embalagens');
  await expect(card.getByText(/€/).first()).toBeVisible();
  const add = card.getByRole('button', { name: new RegExp(`^Adicionar ${code}`) });
  const quantity = card.getByRole('textbox', { name: new RegExp(`^Quantidade de ${code}`) });
  await expect(quantity).toBeVisible();
  // The add button is reached without panning the page sideways.
  await add.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  const box = await add.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page), 'axe on the product page').toEqual([]);

  // The page's own add button takes the customer to the cards instead of an info message.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('product-add-to-cart').click();
  await expect(page.getByRole('heading', { name: /^Modelos/ })).toBeInViewport();
});

test('/cart keeps the total and "Fazer Pedido" in a bar at the bottom; cart, checkout and account fit', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await signIn(page, baseURL!, 'particular');
  const models = await unitModels(page.request, 3);
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  const cartId: string = cart.data.cart_id;
  await page.request.delete(`/api/cart/${cartId}/empty`);
  for (const m of models) expect((await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: m.id, quantity_of_packages: 2 } })).ok()).toBeTruthy();

  await settled(page, '/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  const bar = page.getByRole('region', { name: 'Total e encomenda' });
  await expect(bar).toBeInViewport();
  const total = (await page.getByTestId('summary-total').innerText()).trim();
  await expect(bar.getByTestId('sticky-total')).toHaveText(total);
  const order = bar.getByRole('link', { name: 'Fazer Pedido' });
  // One 'Fazer Pedido' on the phone, and it is at the bottom of the screen from the start.
  await expect(page.getByRole('link', { name: 'Fazer Pedido' })).toHaveCount(1);
  const barBox = await bar.boundingBox();
  expect(barBox!.y + barBox!.height).toBeGreaterThan(800);
  expect((await overflow(page)).width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page), 'axe on /cart').toEqual([]);
  // Still there after scrolling to the quick order, and it goes to the checkout.
  await page.getByRole('heading', { name: 'Encomenda rápida' }).scrollIntoViewIfNeeded();
  await expect(order).toBeInViewport();
  await order.click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(3);
  expect((await overflow(page)).width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page), 'axe on /checkout').toEqual([]);

  // Place it, so that the account's order pages have something to show.
  await page.getByLabel(/Levantar na loja \(showroom\)/).check();
  await page.getByLabel(/Pagamento no levantamento/).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/);
  const orderId = new URL(page.url()).searchParams.get('order');
  expect((await overflow(page)).width).toBeLessThanOrEqual(390);

  await expectFits(page, [
    '/dashboard',
    '/dashboard/orders',
    `/dashboard/orders/${orderId}`,
    '/dashboard/quotes',
    '/dashboard/profile',
    '/dashboard/settings',
    '/dashboard/addresses',
    '/dashboard/favorites',
    '/dashboard/obras',
  ]);
});

test('the professional account pages fit the phone too', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, baseURL!, 'pro');
  const [m] = await unitModels(page.request, 1);
  const list = await page.request.post('/api/job-lists', { data: { name: 'Obra no telemóvel' } });
  expect(list.status()).toBe(201);
  const listId = (await list.json()).data.id;
  expect((await page.request.post(`/api/job-lists/${listId}/lines`, { data: { product_id: m!.id, quantity_of_packages: 1 } })).ok()).toBeTruthy();
  await expectFits(page, ['/dashboard', '/dashboard/obras', `/dashboard/obras/${listId}`, '/dashboard/tabela-de-precos', '/dashboard/orders', '/dashboard/quotes', '/cart', '/checkout']);
  await settled(page, `/dashboard/obras/${listId}`);
  expect(await seriousViolations(page), 'axe on the job list').toEqual([]);
});
