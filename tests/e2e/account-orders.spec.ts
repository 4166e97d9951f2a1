import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Issue 11's account area in the browser: the demo private customer places an order through the
 * HTTP API (`POST /api/checkout` with an Idempotency-Key), finds it in /dashboard/orders (state
 * filter and search by number, a plain GET form), opens it (lines, bank-transfer instructions,
 * PDF link, history) and orders it again (the cart badge grows); manages addresses with the
 * keyboard (a wrong postal code refused in Portuguese, edit, defaults, delete after a
 * confirmation); and another customer's order is the 404 page.
 */

interface Model {
  id: number;
  code: string;
  sales_minimum: number;
  sales_increment: number;
}
interface Address {
  id: number;
  label: string;
  is_default_delivery: boolean;
  is_default_billing: boolean;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

async function signIn(page: Page, baseURL: string, who: 'pro' | 'particular') {
  await page.context().clearCookies();
  const response = await page.request.post('/api/auth/sign-in/email', { data: DEMO[who], headers: { origin: baseURL } });
  expect(response.status(), `login ${who}`).toBe(200);
}

/** Two models of chapter 40 sold by the unit (any quantity from 1). */
async function unitModels(page: Page): Promise<Model[]> {
  const listing = await (await page.request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  const found: Model[] = [];
  for (const product of listing.data as { product_code: string }[]) {
    const answer = await page.request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
    if (!answer.ok()) continue;
    for (const m of (await answer.json()).data as Model[]) {
      if (m.sales_minimum <= 1 && m.sales_increment <= 1) found.push(m);
      if (found.length === 2) return found;
    }
  }
  throw new Error('no models sold by the unit in chapter 40');
}

/** Empties the signed-in customer's cart, fills it with `models` (one of each) and places it by bank transfer. */
async function placeOrder(page: Page, models: Model[], poReference: string): Promise<{ order_id: number; number: string }> {
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  const cartId: string = cart.data.cart_id;
  await page.request.delete(`/api/cart/${cartId}/empty`);
  for (const m of models) {
    const added = await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: m.id, quantity_of_packages: 1 } });
    expect(added.status(), `add ${m.code}`).toBe(201);
  }
  const addresses = (await (await page.request.get('/api/addresses')).json()).data as Address[];
  const home = addresses.find((a) => a.is_default_delivery);
  expect(home, 'the demo customer has a default delivery address').toBeTruthy();
  const placed = await page.request.post('/api/checkout', {
    headers: { 'Idempotency-Key': `e2e-account-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { delivery: { address_id: home!.id }, payment_method: 'bank_transfer', po_reference: poReference },
  });
  expect(placed.status(), await placed.text()).toBeLessThan(300);
  const body = await placed.json();
  expect(body.success).toBe(true);
  return body.data;
}

test.describe.configure({ mode: 'serial' });

let order: { order_id: number; number: string } | null = null;

test('the customer finds an API order in /dashboard/orders, filters, opens it and orders it again', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'particular');
  const models = await unitModels(page);
  order = await placeOrder(page, models, 'OBRA-E2E-11');
  expect(order.number).toMatch(/^EN-\d{4}-\d{6}$/);

  // The summary of the account lists it among the recent orders.
  await page.goto('/dashboard');
  await expect(page.getByTestId('recent-orders').locator(`[data-order-number="${order.number}"]`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'A minha conta' }).getByRole('link', { name: 'Encomendas' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'A minha conta' }).getByRole('link', { name: 'Moradas' })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/dashboard/orders');
  expect(await seriousViolations(page)).toEqual([]);
  const row = page.locator(`[data-testid="order-row"][data-order-number="${order.number}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('order-status')).toHaveText('A aguardar pagamento');
  await expect(row).toContainText('€');

  // Filters: a GET form (works without JavaScript), the state and a part of the number.
  const filter = page.getByTestId('orders-filter');
  await filter.getByLabel('Estado').selectOption({ label: 'Concluída' });
  await filter.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByTestId('orders-no-results')).toHaveText('Nenhuma encomenda corresponde aos filtros.');

  await page.goto('/dashboard/orders');
  await filter.getByLabel('Estado').selectOption({ label: 'A aguardar pagamento' });
  await filter.getByLabel('Número da encomenda').fill(order.number.slice(-6));
  await filter.getByLabel('Número da encomenda').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${order.number.slice(-6)}`));
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(row).toBeVisible();

  // The order's page.
  await row.getByRole('link', { name: `Ver a encomenda ${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.order_id}$`));
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByRole('heading', { name: `Encomenda ${order.number}` })).toBeVisible();
  await expect(detail.getByTestId('order-line')).toHaveCount(models.length);
  for (const m of models) await expect(detail.locator(`[data-testid="order-line"][data-model-code="${m.code}"]`)).toBeVisible();
  const instructions = detail.getByTestId('payment-instructions');
  await expect(instructions).toBeVisible();
  await expect(instructions.getByTestId('payment-reference')).toHaveText(order.number);
  await expect(instructions.getByTestId('payment-iban')).toHaveText(/^[A-Z]{2}\d{2}( \w{1,4})+$/);
  await expect(detail.getByTestId('order-po-reference')).toHaveText('OBRA-E2E-11');
  await expect(detail.getByTestId('order-billing-address-nif')).toContainText('NIF');
  await expect(detail.getByTestId('order-history-entry')).toHaveCount(1);
  await expect(detail.getByTestId('order-pdf')).toHaveAttribute('href', `/api/orders/${order.order_id}/pdf`);
  await expect(detail.getByTestId('totals-total')).toContainText('€');
  expect(await seriousViolations(page)).toEqual([]);

  // Again: the lines go back into the (empty, after the checkout) cart; the badge counts them.
  await hydrated(page);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await detail.getByTestId('reorder-button').click();
  await expect(page.getByText('Artigos adicionados ao carrinho').first()).toBeVisible();
  await expect(detail.getByTestId('reorder-result')).toContainText(`${models.length} artigos adicionados aos preços de hoje.`);
  await expect(page.getByTestId('cart-count')).toHaveText(String(models.length));
});

test('the customer adds, edits, makes default and deletes an address with the keyboard', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'particular');
  await page.goto('/dashboard/addresses');
  await hydrated(page);
  const list = page.getByTestId('addresses-list');
  await expect(list.locator('[data-address-label="Casa"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Open the form from the keyboard.
  await page.getByTestId('address-add').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('address-dialog');
  await expect(dialog.getByRole('heading', { name: 'Nova morada' })).toBeVisible();
  const form = dialog.getByTestId('address-form');
  await form.getByLabel('Nome da morada').fill('Obra Gaia E2E');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Construções Teste, Lda.');
  await form.getByLabel('NIF (opcional)').fill('PT 509123457');
  await form.getByLabel(/^Morada\s*\*?$/).fill('Rua da Obra, 7');
  await form.getByLabel('Código postal').fill('4400100');
  await form.getByLabel('Localidade').fill('Vila Nova de Gaia');
  await form.getByLabel('Localidade').press('Enter');
  // Refused in Portuguese, next to the field, which gets the focus.
  const postal = form.getByLabel('Código postal');
  await expect(form.getByText('Código postal inválido: use o formato 1234-567.')).toBeVisible();
  await expect(postal).toHaveAttribute('aria-invalid', 'true');
  await expect(postal).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('4400-100');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Morada guardada.')).toBeVisible();
  const card = list.locator('[data-address-label="Obra Gaia E2E"]');
  await expect(card).toBeVisible();
  await expect(card).toContainText('4400-100 Vila Nova de Gaia');
  await expect(card).toContainText('NIF 509123457');

  // Edit: the form comes back filled in.
  await card.getByTestId('address-edit').click();
  await expect(dialog.getByRole('heading', { name: 'Editar morada' })).toBeVisible();
  await expect(form.getByLabel('Código postal')).toHaveValue('4400-100');
  await form.getByLabel('Localidade').fill('Canidelo');
  await form.getByRole('button', { name: 'Guardar morada' }).click();
  await expect(page.getByText('Morada atualizada.')).toBeVisible();
  await expect(card).toContainText('4400-100 Canidelo');

  // Default delivery: moves from 'Casa' to the new address, then back.
  await card.getByTestId('address-default-delivery').click();
  await expect(card.getByTestId('address-badge-delivery')).toBeVisible();
  const home = list.locator('[data-address-label="Casa"]');
  await expect(home.getByTestId('address-badge-delivery')).toHaveCount(0);
  await home.getByTestId('address-default-delivery').click();
  await expect(home.getByTestId('address-badge-delivery')).toBeVisible();
  await expect(card.getByTestId('address-badge-delivery')).toHaveCount(0);

  // Delete after a confirmation; Escape first cancels it.
  await card.getByTestId('address-delete').click();
  const confirm = page.getByTestId('address-delete-dialog');
  await expect(confirm.getByRole('heading', { name: 'Apagar a morada «Obra Gaia E2E»?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(card.getByTestId('address-delete')).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm.getByTestId('address-delete-confirm').click();
  await expect(page.getByText('Morada apagada.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(home).toBeVisible();
});

test('another customer’s order is the 404 page', async ({ page, baseURL }) => {
  expect(order, 'the first journey placed an order').toBeTruthy();
  await signIn(page, baseURL!, 'pro');
  const answer = await page.goto(`/dashboard/orders/${order!.order_id}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Página não encontrada' })).toBeVisible();
  await expect(page.getByText(order!.number)).toHaveCount(0);
  expect((await page.goto('/dashboard/orders/nao-existe'))?.status()).toBe(404);
  // Its own list does not show it either.
  await page.goto(`/dashboard/orders?q=${encodeURIComponent(order!.number)}`);
  await expect(page.locator(`[data-order-number="${order!.number}"]`)).toHaveCount(0);
});
