import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, type DemoRole } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

/**
 * Issue 12's quote journey in the browser, as far as it exists: a guest on the production host
 * (127.0.0.1: flags off) fills a cart, asks for a quote (refused first for the phone, nothing
 * typed lost), lands on /quote-success with the number, gets the acknowledgement over SMTP with
 * the private link, and follows it; an editor answers in /admin/quotes/{id} (a second, stale form
 * is refused); the guest's link then shows the prices and declines; a customer asks from the
 * product page and finds the quote in /dashboard/quotes; a viewer gets the access-denied screen.
 * Then a guest's answered quote joins the account made with its e-mail and is accepted into an
 * order through /checkout?quote={id}.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The production host of the test server (playwright.config.ts: PRODUCTION_HOSTS=127.0.0.1). */
const PRODUCTION = `http://127.0.0.1:${PORT}`;

interface Model {
  id: number;
  code: string;
  sales_increment: number;
  sales_minimum: number;
}
interface Product {
  product_code: string;
  url: string;
}

/** A product of chapter 40 with at least `wanted` models sold by the unit. */
async function productWithUnitModels(request: APIRequestContext, wanted: number): Promise<{ product: Product; models: Model[] }> {
  const listing = await (await request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  for (const product of listing.data as Product[]) {
    const answer = await request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
    if (!answer.ok()) continue;
    const models = ((await answer.json()).data as Model[]).filter((m) => m.sales_increment <= 1 && m.sales_minimum <= 1);
    if (models.length >= wanted) return { product, models };
  }
  throw new Error(`no product with ${wanted} unit models in chapter 40`);
}

/** Serious or critical axe violations of the page as it is now (as tests/e2e/a11y.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function signIn(page: Page, who: DemoRole, origin: string) {
  const response = await page.request.post(`${origin}/api/auth/sign-in/email`, { data: DEMO[who], headers: { origin } });
  expect(response.status(), `login ${who}`).toBe(200);
}

async function staffPage(browser: Browser, baseURL: string, who: DemoRole): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-PT' });
  const page = await context.newPage();
  await signIn(page, who, baseURL);
  return page;
}

test.describe.configure({ mode: 'serial' });

let guestLink = '';
let guestNumber = '';
let guestQuoteId = '';
const guestEmail = `orcamento-${Date.now()}@example.pt`;

test('a guest on the production host asks for a quote from the cart and gets the private link by mail', async ({ page }) => {
  const { product, models } = await productWithUnitModels(page.request, 2);
  await page.goto(`${PRODUCTION}${product.url}`);
  await page.getByTestId('product-add-to-cart').click();
  const picker = page.getByTestId('model-picker');
  for (const m of models.slice(0, 2)) {
    const row = picker.locator(`[data-testid="model-row"][data-model-code="${m.code}"]`);
    await row.getByRole('button', { name: /^Adicionar / }).click();
    await expect(row.getByTestId('row-success')).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.goto(`${PRODUCTION}/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByTestId('cart-request-quote').click();
  const dialog = page.getByTestId('request-quote-dialog');
  await expect(dialog.getByText('as 2 linhas do seu carrinho')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Rui Instalador');
  await dialog.getByLabel('Email').fill(guestEmail);
  await dialog.getByLabel('Telefone').fill('12345');
  await dialog.getByLabel('Empresa (opcional)').fill('Canalizações Rui, Lda.');
  await dialog.getByLabel('Mensagem (opcional)').fill('Obra em Canidelo, entrega em janeiro.');
  await dialog.getByTestId('request-quote-submit').click();
  // The server's rule, in Portuguese, under the field; focus there; nothing typed is lost.
  await expect(dialog.getByText('Telefone inválido: 9 algarismos (o indicativo +351 é aceite).')).toBeVisible();
  await expect(dialog.getByLabel('Telefone')).toBeFocused();
  await expect(dialog.getByLabel('Telefone')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Nome')).toHaveValue('Rui Instalador');
  await expect(dialog.getByLabel('Mensagem (opcional)')).toHaveValue('Obra em Canidelo, entrega em janeiro.');
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByLabel('Telefone').fill('912 345 678');
  await dialog.getByTestId('request-quote-submit').click();
  await expect(page).toHaveURL(/\/quote-success\?number=OR-\d{4}-\d{6}$/);
  guestNumber = new URL(page.url()).searchParams.get('number')!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido de orçamento ${guestNumber} registado`);
  await expect(page.getByText('normalmente em 1 a 2 dias úteis')).toBeVisible();
  await expect(page.getByText(/link privado/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continuar a ver produtos' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const mail = await waitForMail(guestEmail, new RegExp(`Pedido de orçamento ${guestNumber} recebido`));
  expect(mail.text).toContain(guestNumber);
  // Never the requester's own words in the mail.
  expect(mail.text).not.toContain('Canidelo');
  guestLink = linkIn(mail, '/orcamento');
  expect(guestLink).toMatch(/^\/orcamento\?token=[A-Za-z0-9_-]{22,}$/);
});

test('the guest opens the private link: lines, no prices, private and not indexed', async ({ page }) => {
  expect(guestLink).not.toBe('');
  const response = await page.goto(`${PRODUCTION}${guestLink}`);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toMatch(/no-store/);
  expect(headers['cache-control']).toMatch(/private/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Orçamento ${guestNumber}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Pedido');
  await expect(page.getByTestId('quote-line')).toHaveCount(2);
  await expect(page.getByTestId('guest-quote')).not.toContainText('€');

  // A message in the thread, through the token.
  await page.getByLabel('Nova mensagem').fill('Podem incluir o transporte até à obra?');
  await page.getByTestId('quote-message-send').click();
  await expect(page.getByTestId('quote-message')).toContainText('Podem incluir o transporte até à obra?');

  // An unknown token is the 404 page.
  const unknown = await page.goto(`${PRODUCTION}/orcamento?token=AAAAAAAAAAAAAAAAAAAAAA`);
  expect(unknown?.status()).toBe(404);
});

test('an editor answers in /admin/quotes; a stale second form is refused', async ({ browser, baseURL }) => {
  const editor = await staffPage(browser, baseURL!, 'editor');
  await editor.goto('/admin/quotes');
  await expect(editor.getByRole('heading', { level: 1, name: 'Pedidos de orçamento' })).toBeVisible();
  const row = editor.locator(`[data-testid="quote-row"][data-number="${guestNumber}"]`);
  await expect(row).toContainText('Rui Instalador');
  await expect(row).toContainText('visitante');
  await expect(row.getByTestId('quote-row-lines')).toHaveText('2');
  await row.getByRole('link', { name: guestNumber }).click();
  await expect(editor).toHaveURL(/\/admin\/quotes\/\d+$/);
  guestQuoteId = editor.url().split('/').pop()!;
  await expect(editor.getByTestId('quote-contact')).toContainText(guestEmail);
  await expect(editor.getByText('Obra em Canidelo, entrega em janeiro.')).toBeVisible();
  await expect(editor.getByTestId('quote-message')).toContainText('transporte');
  expect(await seriousViolations(editor)).toEqual([]);

  // The same form open in a second tab, made from the same version.
  const stale = await editor.context().newPage();
  await stale.goto(`/admin/quotes/${guestQuoteId}`);

  const form = editor.getByTestId('quote-answer-form');
  await expect(form.getByLabel('Válido até')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await form.getByLabel(/linha 1\b/).fill('12,5');
  await form.getByLabel(/linha 2\b/).fill('abc');
  await form.getByTestId('quote-answer-submit').click();
  await expect(form.getByText(/Preço inválido/)).toBeVisible();
  await expect(form.getByLabel(/linha 2\b/)).toBeFocused();
  await form.getByLabel(/linha 2\b/).fill('7,25');
  await form.getByLabel('Portes c/ IVA (€)').fill('15');
  await form.getByLabel('Mensagem ao cliente (opcional)').fill('Transporte incluído nos portes.');
  await form.getByTestId('quote-answer-submit').click();
  await expect(editor.getByTestId('quote-status')).toHaveText('Respondido');
  await expect(editor.getByTestId('quote-totals')).toContainText('15,00');

  const staleForm = stale.getByTestId('quote-answer-form');
  await staleForm.getByLabel(/linha 1\b/).fill('10');
  await staleForm.getByLabel(/linha 2\b/).fill('10');
  await staleForm.getByTestId('quote-answer-submit').click();
  await expect(stale.getByTestId('quote-answer-problem')).toContainText('Este registo foi alterado por outra pessoa');
  await editor.context().close();
});

test("the guest's link shows the quoted prices and the way to accept, and declines", async ({ page }) => {
  await page.goto(`${PRODUCTION}${guestLink}`);
  await expect(page.getByTestId('quote-status')).toHaveText('Respondido');
  await expect(page.getByTestId('quote-line-unit-price').first()).toHaveText(/12,50\s€/);
  await expect(page.getByTestId('quote-total')).toContainText('€');
  await expect(page.getByTestId('quote-valid-until')).toContainText('Válido até');
  await expect(page.getByTestId('quote-message').last()).toContainText('Transporte incluído nos portes.');
  await expect(page.getByText(`entre ou crie conta com o email ${guestEmail}`)).toBeVisible();
  await expect(page.getByTestId('guest-quote-login')).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/dashboard/quotes/${guestQuoteId}`)}`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByTestId('quote-decline').click();
  await page.getByLabel('Motivo (opcional)').fill('Encontrámos noutro fornecedor.');
  await page.getByTestId('quote-decline-confirm').click();
  await expect(page.getByTestId('quote-status')).toHaveText('Recusado');
  await expect(page.getByTestId('quote-decline')).toHaveCount(0);
  await expect(page.getByTestId('quote-history')).toContainText('Respondido → Recusado');
});

test('a customer asks for a quote from the product page and finds it in /dashboard/quotes', async ({ page, baseURL }) => {
  const { product, models } = await productWithUnitModels(page.request, 1);
  await signIn(page, 'particular', baseURL!);
  await page.goto(product.url);
  await page.getByTestId('product-request-quote').click();
  const dialog = page.getByTestId('request-quote-dialog');
  await expect(dialog.getByText(DEMO.particular.email)).toBeVisible();
  // A customer is not asked for contact details.
  await expect(dialog.getByLabel('Telefone')).toHaveCount(0);
  await dialog.getByLabel('Modelo').selectOption(String(models[0]!.id));
  await dialog.getByLabel('Quantidade (embalagens)').fill('3');
  await dialog.getByTestId('request-quote-submit').click();
  await expect(page).toHaveURL(/\/quote-success\?number=OR-\d{4}-\d{6}$/);
  const number = new URL(page.url()).searchParams.get('number')!;

  await page.getByRole('link', { name: 'Ver os meus orçamentos' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes$/);
  await expect(page.getByRole('navigation', { name: 'A minha conta' }).getByRole('link', { name: 'Orçamentos' })).toHaveAttribute('aria-current', 'page');
  const row = page.locator(`[data-testid="quote-row"][data-number="${number}"]`);
  await expect(row).toContainText('Pedido');
  await row.getByRole('link', { name: number }).click();
  await expect(page.getByTestId('quote-line')).toHaveCount(1);
  await expect(page.getByTestId('quote-line')).toContainText(models[0]!.code);
  await expect(page.getByTestId('quote-line')).toContainText('3 ×');
  expect(await seriousViolations(page)).toEqual([]);

  // Another customer's quote is the 404 page.
  await page.context().clearCookies();
  await signIn(page, 'pro', baseURL!);
  const other = await page.goto(page.url());
  expect(other?.status()).toBe(404);
});

test('a viewer gets the access-denied screen on /admin/quotes', async ({ browser, baseURL }) => {
  const viewer = await staffPage(browser, baseURL!, 'viewer');
  const response = await viewer.goto('/admin/quotes');
  expect(response?.status()).toBe(403);
  await expect(viewer.getByTestId('access-denied')).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await viewer.context().close();
});

test("a guest's answered quote joins the account made with its e-mail and is accepted into an order", async ({ page, baseURL }) => {
  // The request (a guest, on the production host) and the answer (an editor) through the API.
  const email = `aceita-${Date.now()}@example.pt`;
  const { models } = await productWithUnitModels(page.request, 1);
  const requested = await page.request.post(`${PRODUCTION}/api/quotes`, {
    data: { name: 'Marta Obras', email, phone: '913 000 111', lines: [{ product_id: models[0]!.id, quantity_of_packages: 4 }] },
    headers: { origin: PRODUCTION },
  });
  expect(requested.status()).toBe(201);
  const { quote_id: quoteId, number } = (await requested.json()).data as { quote_id: number; number: string };
  const editor = await staffPage(page.context().browser()!, baseURL!, 'editor');
  const answered = await editor.request.post(`/api/quotes/${quoteId}/answer`, {
    data: { lines: [{ position: 1, unit_price: 2.5 }], shipping: 0 },
    headers: { origin: baseURL! },
  });
  expect(answered.status()).toBe(200);
  await editor.context().close();

  // The guest signs up with the quote's e-mail and confirms it.
  const password = 'Obras-Gaia#2026';
  const signedUp = await page.request.post('/api/auth/sign-up/email', { data: { name: 'Marta Obras', email, password }, headers: { origin: baseURL! } });
  expect(signedUp.ok()).toBeTruthy();
  const confirm = await waitForMail(email, /Confirme o seu email/);
  await page.goto(linkIn(confirm, '/auth/confirm'));
  const login = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL! } });
  expect(login.status()).toBe(200);

  // The quote is in their account now; 'Aceitar orçamento' opens the checkout with its lines.
  await page.goto('/dashboard/quotes');
  await page.locator(`[data-testid="quote-row"][data-number="${number}"]`).getByRole('link', { name: number }).click();
  await page.getByTestId('accept-quote').click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?quote=${quoteId}$`));
  await expect(page.getByTestId('checkout-quote')).toContainText(number);
  // 4 units × 2,50 € = 10,00 € + 23 % IVA.
  await expect(page.getByTestId('checkout-total').first()).toHaveText(/12,30\s€/);

  // Pickup at the showroom, paid there; a billing address saved on the way (a new account has none).
  await page.getByLabel(/Levantar na loja \(showroom\)/).check();
  const billing = page.getByTestId('new-address-billing');
  await billing.getByLabel('Nome / nome fiscal').fill('Marta Obras');
  await billing.getByLabel(/^Morada/).fill('Rua da Praia, 3');
  await billing.getByLabel('Código postal').fill('4400-555');
  await billing.getByLabel('Localidade').fill('Vila Nova de Gaia');
  await billing.getByRole('button', { name: 'Guardar morada' }).click();
  await expect(page.getByTestId('checkout-billing-summary')).toContainText('Rua da Praia, 3');
  await page.getByLabel(/Pagamento no levantamento/).check();
  await page.getByTestId('place-order').click();

  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/);
  const orderNumber = ((await page.getByRole('heading', { level: 1 }).innerText()).match(/EN-\d{4}-\d{6}/) ?? [''])[0];
  expect(orderNumber).not.toBe('');
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();
  await page.goto('/dashboard/quotes');
  await expect(page.locator(`[data-testid="quote-row"][data-number="${number}"]`)).toContainText('Aceite');
});
