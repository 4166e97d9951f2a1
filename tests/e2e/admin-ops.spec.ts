import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, type DemoRole } from './support/accounts';
import { waitForMail } from './support/mail';

/**
 * Issue 14, the operations half of the admin area in the browser: an admin uploads a PHC prices
 * file on /admin/phc-sync, sees the preview, applies it, and the demo professional's price for that
 * model changes in the shop (the private pricing API); an editor marks a transfer paid and moves an
 * order to "preparing" on /admin/orders/{id}, and the customer gets the mails.
 */

interface Model {
  id: number;
  code: string;
  sales_minimum: number;
  sales_increment: number;
}

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

async function adminLogIn(browser: Browser, who: DemoRole): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO[who].email);
  await form.getByLabel('Password').fill(DEMO[who].password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

async function apiSession(browser: Browser, baseURL: string, who: DemoRole): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-in/email', { data: DEMO[who], headers: { origin: baseURL } });
  expect(response.status(), `login ${who}`).toBe(200);
  return page;
}

async function unitModel(page: Page): Promise<Model> {
  const listing = await (await page.request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  for (const product of listing.data as { product_code: string }[]) {
    const answer = await page.request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
    if (!answer.ok()) continue;
    const model = ((await answer.json()).data as Model[]).find((m) => m.sales_minimum <= 1 && m.sales_increment <= 1);
    if (model) return model;
  }
  throw new Error('no model sold by the unit in chapter 40');
}

async function basePrice(pro: Page, code: string): Promise<number> {
  const answer = await pro.request.get(`/api/user/product-pricing?product_ids=${encodeURIComponent(code)}`);
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  return body.data.prices[code].basePrice as number;
}

test.describe.configure({ mode: 'serial' });

test('an admin uploads a PHC prices file, previews and applies it; the professional sees the new price', async ({ browser, baseURL }) => {
  const pro = await apiSession(browser, baseURL!, 'pro');
  const model = await unitModel(pro);
  const before = await basePrice(pro, model.code);
  const after = Math.round((before * 1.1 + 1) * 100) / 100;

  const admin = await adminLogIn(browser, 'admin');
  await admin.goto('/admin/phc-sync');
  await expect(admin.getByRole('heading', { name: 'Sincronização PHC' })).toBeVisible();
  await hydrated(admin);
  const file = `model_code;price;discount_group\n${model.code};${after.toFixed(2).replace('.', ',')};A1\n`;
  await admin.getByLabel('Ficheiro CSV ou XLSX').setInputFiles({ name: 'precos-phc.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await admin.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = admin.getByTestId('erp-preview');
  await expect(preview).toBeVisible();
  await expect(preview).toContainText(model.code);
  await expect(admin.getByTestId('erp-count-changed')).toHaveText('1');
  await admin.getByTestId('erp-apply').click();
  await expect(preview).toHaveCount(0);
  await expect(admin.getByTestId('erp-history').locator('tr[data-status="ok"]').first()).toContainText('precos-phc.csv');

  await expect.poll(() => basePrice(pro, model.code), { timeout: 10_000 }).toBeCloseTo(after, 2);

  // A bad file: refused with its line report, nothing changed, a red row in the history.
  await admin.getByLabel('Ficheiro CSV ou XLSX').setInputFiles({ name: 'precos-maus.csv', mimeType: 'text/csv', buffer: Buffer.from(`model_code;price;discount_group\n${model.code};abc;A1\n`) });
  await admin.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(admin.getByTestId('erp-report')).toContainText('Linha 2, coluna price');
  await expect(admin.getByTestId('erp-history').locator('tr[data-status="failed"]').first()).toContainText('precos-maus.csv');
  expect(await basePrice(pro, model.code)).toBeCloseTo(after, 2);
});

test('an editor marks a transfer paid and moves the order to preparing; the customer gets the mails', async ({ browser, baseURL }) => {
  const customer = await apiSession(browser, baseURL!, 'particular');
  const model = await unitModel(customer);
  const cart = await (await customer.request.post('/api/cart', { data: {} })).json();
  const cartId: string = cart.data.cart_id;
  await customer.request.delete(`/api/cart/${cartId}/empty`);
  expect((await customer.request.post(`/api/cart/${cartId}/items`, { data: { product_id: model.id, quantity_of_packages: 1 } })).status()).toBe(201);
  const addresses = (await (await customer.request.get('/api/addresses')).json()).data as { id: number; is_default_delivery: boolean }[];
  const home = addresses.find((a) => a.is_default_delivery)!;
  const placed = await customer.request.post('/api/checkout', {
    headers: { 'Idempotency-Key': `e2e-admin-ops-${Date.now()}` },
    data: { delivery: { address_id: home.id }, payment_method: 'bank_transfer' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { order_id: number; number: string };

  const editor = await adminLogIn(browser, 'editor');
  await editor.goto(`/admin/orders?numero=${order.number}`);
  await editor.getByRole('link', { name: order.number }).click();
  await expect(editor).toHaveURL(new RegExp(`/admin/orders/${order.order_id}$`));
  await hydrated(editor);
  editor.once('dialog', (dialog) => void dialog.accept());
  await editor.getByRole('button', { name: 'Marcar como paga (transferência recebida)' }).click();
  await expect(editor.getByRole('button', { name: 'Passar a «Em preparação»' })).toBeVisible();
  await editor.getByRole('button', { name: 'Passar a «Em preparação»' }).click();
  await expect(editor.getByRole('heading', { level: 1 })).toContainText('Em preparação');
  await expect(editor.getByTestId('order-history')).toContainText('Confirmada → Em preparação');

  const mail = await waitForMail(DEMO.particular.email, new RegExp(`Encomenda ${order.number}: Em preparação`));
  expect(mail.text).toContain(order.number);
  await waitForMail(DEMO.particular.email, new RegExp(`Encomenda ${order.number}: Confirmada`));
});
