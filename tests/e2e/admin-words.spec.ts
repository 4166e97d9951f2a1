import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, type DemoRole } from './support/accounts';

/**
 * Issue 23, "differences in words", in the browser: two people edit one demo product at once and
 * the refused save names the clash as "<model code> · Preço" with both prices the pt-PT way (not
 * the models as JSON); the change log's "Campo" column is in Portuguese and the page fits 1366 px
 * and 390 px; an order's history says the payment method, the states and the people in words.
 */

/** A login or a product save (transaction, derived columns, cache invalidation) on a busy 2-core machine. */
const SAVE_TIMEOUT = 30_000;

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
/** Intl's no-break spaces as plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ').trim();
const euro = (n: number) => plain(new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(n));
const decimal = (n: number) => new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false }).format(n);

async function adminLogIn(browser: Browser, who: DemoRole, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO[who].email);
  await form.getByLabel('Password').fill(DEMO[who].password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: SAVE_TIMEOUT });
  return page;
}

/** Whether the page scrolls sideways. */
async function overflow(page: Page): Promise<{ scrollWidth: number; viewport: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

test.describe.configure({ mode: 'serial' });


let productCode = '';
let modelCode = '';

test('two people on one product: the refused save names the model and field, prices in pt-PT', async ({ browser }) => {
  test.setTimeout(120_000);
  const editor = await adminLogIn(browser, 'editor');
  const admin = await adminLogIn(browser, 'admin');

  // A demo product (chapter 80, away from the prices other journeys count on).
  const listing = await (await editor.request.get('/api/products/by-chapter?chapter=80&limit=5')).json();
  productCode = (listing.data as { product_code: string }[])[0]!.product_code;
  await editor.goto(`/admin/products?q=${encodeURIComponent(productCode)}`);
  await editor.getByTestId('admin-product-row').first().getByRole('link').first().click();
  await expect(editor).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  const editUrl = editor.url();
  await hydrated(editor);
  await admin.goto(editUrl);
  await hydrated(admin);

  modelCode = await editor.getByTestId('model-0-code').inputValue();
  const original = Number((await editor.getByTestId('model-0-price').inputValue()).replace(',', '.'));
  const raised = Math.round((original + 0.05) * 100) / 100;
  const name = await editor.getByRole('textbox', { name: 'Nome', exact: true }).inputValue();

  // The administrator raises the model's price and saves first.
  await admin.getByTestId('model-0-price').fill(decimal(raised));
  await admin.getByTestId('product-save').click();
  await expect(admin.getByText('Produto gravado.')).toBeVisible({ timeout: SAVE_TIMEOUT });

  // The editor, on the version loaded before, renames the product: refused, with the differences in words.
  await editor.getByRole('textbox', { name: 'Nome', exact: true }).fill(`${name} (revisto)`);
  await editor.getByTestId('product-save').click();
  const notice = editor.getByTestId('stale-notice');
  await expect(notice).toContainText('Este registo foi alterado por outra pessoa', { timeout: SAVE_TIMEOUT });
  const rows = notice.getByTestId('difference-row');
  const priceRow = rows.filter({ hasText: `${modelCode} · Preço` });
  await expect(priceRow).toHaveCount(1);
  const cells = (await priceRow.locator('th, td').allInnerTexts()).map(plain);
  expect(cells).toEqual([`${modelCode} · Preço`, euro(original), euro(raised)]);
  await expect(rows.filter({ hasText: /^Nome/ })).toContainText(`${name} (revisto)`);
  const text = await notice.innerText();
  expect(text).not.toMatch(/[{[]"|"code"|price|stock_status|in_stock/);
  await editor.screenshot({ path: test.info().outputPath('stale-notice.png'), fullPage: true });

  // The editor keeps their version and saves again (over the new one: their name and their price).
  await editor.getByRole('button', { name: 'Manter as minhas alterações e gravar de novo' }).click();
  await editor.getByTestId('product-save').click();
  await expect(editor.getByText('Produto gravado.')).toBeVisible({ timeout: SAVE_TIMEOUT });

  // The product's history says it the same way.
  await editor.reload();
  const history = editor.getByTestId('audit-history');
  await expect(history.getByTestId('difference-row').filter({ hasText: `${modelCode} · Preço` }).first()).toContainText(euro(raised));
  await expect(history).toContainText('Administrador Demo');
  expect(await history.innerText()).not.toMatch(/[{[]"|in_stock|ativo · /);

  // Put the demo price and name back.
  await admin.goto(editUrl);
  await hydrated(admin);
  await admin.getByTestId('model-0-price').fill(decimal(original));
  await admin.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await admin.getByTestId('product-save').click();
  await expect(admin.getByText('Produto gravado.')).toBeVisible({ timeout: SAVE_TIMEOUT });
  await editor.context().close();
  await admin.context().close();
});

test('the change log names its fields in Portuguese and fits 1366 px and 390 px', async ({ browser }) => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const page = await adminLogIn(browser, 'editor', viewport);
    await page.goto(`/admin/catalogue-management/change-logs?codigo=${encodeURIComponent(productCode)}`);
    const rows = page.getByTestId('change-row');
    await expect(rows.first()).toBeVisible();
    const fields = (await page.getByTestId('change-field').allInnerTexts()).map(plain);
    expect(fields).toContain('Preço');
    expect(fields).toContain('Nome');
    for (const f of fields) expect(f).not.toMatch(/^[a-z_]+$/);
    const price = rows.filter({ has: page.getByTestId('change-field').filter({ hasText: /^Preço$/ }) }).filter({ hasText: modelCode }).first();
    await expect(price.getByTestId('change-values')).toContainText('€ →');
    const size = await overflow(page);
    expect(size.scrollWidth, `change log at ${viewport.width} px`).toBeLessThanOrEqual(size.viewport);
    // The whole log, unfiltered, too.
    await page.goto('/admin/catalogue-management/change-logs');
    await expect(rows.first()).toBeVisible();
    const all = await overflow(page);
    expect(all.scrollWidth, `unfiltered change log at ${viewport.width} px`).toBeLessThanOrEqual(all.viewport);
    await page.screenshot({ path: test.info().outputPath(`change-log-${viewport.width}.png`), fullPage: true });
    await page.context().close();
  }
});

test('an order history says the payment method, the states and the people in words', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const customer = await context.newPage();
  expect((await customer.request.post('/api/auth/sign-in/email', { data: DEMO.particular, headers: { origin: baseURL! } })).status()).toBe(200);
  const listing = await (await customer.request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  let modelId = 0;
  for (const product of listing.data as { product_code: string }[]) {
    const answer = await customer.request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
    if (!answer.ok()) continue;
    const model = ((await answer.json()).data as { id: number; sales_minimum: number; sales_increment: number }[]).find((m) => m.sales_minimum <= 1 && m.sales_increment <= 1);
    if (model) {
      modelId = model.id;
      break;
    }
  }
  expect(modelId).toBeGreaterThan(0);
  const cart = await (await customer.request.post('/api/cart', { data: {} })).json();
  await customer.request.delete(`/api/cart/${cart.data.cart_id}/empty`);
  expect((await customer.request.post(`/api/cart/${cart.data.cart_id}/items`, { data: { product_id: modelId, quantity_of_packages: 1 } })).status()).toBe(201);
  const addresses = (await (await customer.request.get('/api/addresses')).json()).data as { id: number; is_default_delivery: boolean }[];
  const placed = await customer.request.post('/api/checkout', {
    headers: { 'Idempotency-Key': `e2e-admin-words-${Date.now()}` },
    data: { delivery: { address_id: addresses.find((a) => a.is_default_delivery)!.id }, payment_method: 'bank_transfer' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { order_id: number; number: string };
  await context.close();

  const editor = await adminLogIn(browser, 'editor');
  await editor.goto(`/admin/orders/${order.order_id}`);
  await hydrated(editor);
  const customerName = plain(await editor.getByText('Cliente Demo', { exact: true }).first().innerText());
  editor.once('dialog', (dialog) => void dialog.accept());
  await editor.getByRole('button', { name: 'Marcar como paga (transferência recebida)' }).click();
  await editor.getByRole('button', { name: 'Passar a «Em preparação»' }).click();
  await expect(editor.getByRole('heading', { level: 1 })).toContainText('Em preparação');

  const events = editor.getByTestId('order-history');
  const placedEvent = events.getByTestId('order-event').first();
  await expect(placedEvent).toContainText('A aguardar pagamento');
  await expect(placedEvent).toContainText(customerName);
  await expect(placedEvent).toContainText('Pagamento: Transferência bancária');
  await expect(events).toContainText('A aguardar pagamento → Confirmada');
  await expect(events).toContainText('Confirmada → Em preparação');
  const audit = editor.getByTestId('audit-history');
  await expect(audit).toContainText('Estado: Confirmada → Em preparação');
  await expect(audit.getByTestId('difference-row').filter({ hasText: 'Pagamento' }).first()).toContainText('Paga');
  for (const text of [await events.innerText(), await audit.innerText()]) {
    expect(text).not.toMatch(/user:|staff:|payment:|bank_transfer|pending_payment|ready_for_pickup|preparing|confirmed\b/);
  }
  await editor.screenshot({ path: test.info().outputPath('order-history.png'), fullPage: true });
});
