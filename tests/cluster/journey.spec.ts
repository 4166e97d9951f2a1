import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../e2e/support/accounts';
import { signIn, unitModels } from '../e2e/support/demo';
import { waitForMail } from '../e2e/support/mail';

/**
 * The buying journey through the balancer of `npm run cluster` (tests/cluster/setup.ts): several
 * instances of the shop on one PostgreSQL, Redis and S3 bucket. Consecutive requests land on
 * different instances, and each step must still see what the previous one did on another: the
 * session, the cart, the order and its PDF, the quote, and an editor's change seen by a guest
 * on every instance.
 */

const BALANCER = process.env.CLUSTER_URL!;
const INSTANCES = JSON.parse(process.env.CLUSTER_INSTANCE_URLS ?? '[]') as string[];
test.use({ baseURL: BALANCER });
test.describe.configure({ mode: 'serial' });

/** Which instances answered the page's requests (X-Served-By). */
function watchInstances(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (r) => {
    const by = r.headers()['x-served-by'];
    if (by) seen.add(by);
  });
  return seen;
}

test('requests through the balancer reach every instance', async ({ request }) => {
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    const answer = await request.get('/api/health');
    expect(answer.status()).toBe(200);
    seen.add(answer.headers()['x-served-by']!);
  }
  expect(seen.size, `instâncias que responderam: ${[...seen].join(', ')}`).toBe(INSTANCES.length);
});

test('a professional signs in, fills the cart, checks out, gets the mail and downloads the PDF, across instances', async ({ page }) => {
  const seen = watchInstances(page);
  await signIn(page, BALANCER, 'pro');
  const [a, b] = await unitModels(page.request, 2);
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  const cartId: string = cart.data.cart_id;
  await page.request.delete(`/api/cart/${cartId}/empty`);
  for (const [model, packages] of [
    [a!, 2],
    [b!, 1],
  ] as const) {
    const added = await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: model.id, quantity_of_packages: packages } });
    expect(added.ok(), `add ${model.code}`).toBeTruthy();
  }

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: 'Fazer Pedido' })).toBeVisible();
  await page.getByRole('link', { name: 'Fazer Pedido' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(2);
  await page.getByLabel(/Transferência bancária/).check();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const number = (await page.getByRole('heading', { level: 1 }).innerText()).match(/EN-\d{4}-\d{6}/)![0];

  // The confirmation mail, sent once by whichever instance's job worker took the job.
  const mail = await waitForMail(DEMO.pro.email, new RegExp(`Encomenda ${number} recebida`));
  expect(mail.text).toContain(number);

  // The order in the account area, and its PDF (kept in the S3 bucket), from every instance.
  await page.goto('/dashboard/orders');
  await expect(page.getByText(number).first()).toBeVisible();
  for (const base of [BALANCER, ...INSTANCES]) {
    const pdf = await page.request.get(`${base}/api/orders/${orderId}/pdf`);
    expect(pdf.status(), `PDF em ${base}`).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
  expect(seen.size, `instâncias que responderam: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(2);
});

test('a customer asks for a quote and finds it, whichever instance answers', async ({ page }) => {
  await signIn(page, BALANCER, 'particular');
  const [model] = await unitModels(page.request, 1);
  const asked = await page.request.post('/api/quotes', { data: { lines: [{ product_id: model!.id, quantity_of_packages: 3 }] } });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  const number: string = (await asked.json()).data.number;
  for (let i = 0; i < 4; i++) {
    await page.goto('/dashboard/quotes');
    await expect(page.locator(`[data-testid="quote-row"][data-number="${number}"]`)).toBeVisible();
  }
});

test("an editor's change on one instance is seen by a guest on every instance", async ({ browser }) => {
  const editor = await browser.newPage({ baseURL: BALANCER });
  const guest = await browser.newContext();
  // A product of the demo, opened by a guest on every instance first (so each one caches it).
  const listing = await (await editor.request.get('/api/products/by-chapter?chapter=40&limit=5')).json();
  const product = listing.data[0] as { product_code: string; url: string; id?: number };
  for (const base of INSTANCES) expect((await guest.request.get(`${base}${product.url}`)).status()).toBe(200);

  const login = await editor.request.post('/api/auth/sign-in/email', { data: DEMO.editor, headers: { origin: BALANCER } });
  expect(login.status()).toBe(200);
  await editor.goto(`/admin/products?q=${encodeURIComponent(product.product_code)}`);
  await editor.getByTestId('admin-product-row').first().getByRole('link').first().click();
  await expect(editor).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  await expect(editor.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Válvula de cluster ${stamp}`;
  await editor.getByTestId('product-form').getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await editor.getByTestId('product-save').click();
  await expect(editor.getByText('Produto gravado.')).toBeVisible();

  // Every instance shows the new name to a guest within a few seconds.
  for (const base of INSTANCES) {
    await expect
      .poll(async () => (await (await guest.request.get(`${base}${product.url}`)).text()).includes(name), { timeout: 10_000, message: `${base} mostra o novo nome` })
      .toBe(true);
  }
  await guest.close();
  await editor.close();
});
