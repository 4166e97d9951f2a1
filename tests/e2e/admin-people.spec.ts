import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { unitModels } from './support/demo';
import { linkIn, waitForMail } from './support/mail';

/**
 * Issue 14's journey of a new professional: a visitor asks for access at /access-request, an
 * administrator approves it in /admin/pro-accounts with a starting discount profile, the
 * requester sets a password from the mail, logs in and sees the PRO badge with the account name
 * and discounted prices. Issue 23: before approving, the screen shows how many models each rule
 * of the profile covers and asks for the groups it does not reach (D and E of the demo), which
 * are not approved at 0 % silently; the professional's checkout bills the company (name, NIF and
 * address entered at approval), not the person.
 */

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

const stamp = Date.now().toString(36);
const EMAIL = `novo.pro.${stamp}@obras.example.pt`;
const COMPANY = `Canalizações Teste ${stamp}`;
const PASSWORD = 'Nova#Password2026';

test('a visitor requests access, an admin approves it with a discount profile, the professional sets a password and sees discounted prices', async ({ page }) => {
  test.setTimeout(180_000);

  // 1. The visitor's request.
  await page.goto('/access-request');
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByLabel('Nome da empresa').fill(COMPANY);
  await main.getByLabel('NIF').fill('510000002');
  await main.getByLabel('Nome do contacto').fill('Joana Teste');
  await main.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await main.getByLabel('Tipologia').selectOption('Instalador');
  await main.locator('input[type="checkbox"][id$="acceptPrivacyPolicy"]').check();
  await main.getByRole('button', { name: 'Enviar pedido' }).click();
  // The toast and the form's own panel both say it: the panel in the page is the one checked.
  await expect(main.getByText('Pedido enviado com sucesso!').first()).toBeVisible();

  // 2. The administrator approves it with the "Instalador 20/15/10" profile into a new account.
  await page.goto('/admin/login');
  await hydrated(page);
  const login = page.getByTestId('login-form');
  await login.getByLabel('Email').fill(DEMO.admin.email);
  await login.getByLabel('Password').fill(DEMO.admin.password);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/pro-accounts?tab=requests');
  await page.getByRole('link', { name: COMPANY }).click();
  await expect(page.getByRole('heading', { name: COMPANY })).toBeVisible();
  await hydrated(page);
  const approve = page.getByTestId('approve-form');
  // Who gets the access is chosen explicitly: the visitor had no account, so a new user at the request's e-mail.
  await approve.getByLabel(`Um utilizador novo com o email do pedido, ${EMAIL}, que recebe um link para definir a password`).check();
  await approve.getByLabel('Criar uma conta nova com os dados do pedido').check();
  // The demo may already hold this NIF; creating another account is then confirmed.
  const confirm = approve.getByLabel('Criar mesmo assim uma conta com um NIF já usado');
  if (await confirm.count()) await confirm.check();
  // The company's address, entered at approval (its billing address).
  await approve.getByLabel('Morada', { exact: true }).fill('Rua das Obras, 7');
  await approve.getByLabel('Código postal', { exact: true }).fill('4430-210');
  await approve.getByLabel('Localidade', { exact: true }).fill('Vila Nova de Gaia');
  await approve.getByLabel('Perfil de desconto inicial').selectOption('instalador-20-15-10');

  // What the profile covers, before approving: its rules with their models, then the groups it misses.
  const coverage = approve.getByTestId('profile-coverage');
  for (const prefix of ['A', 'B', 'C']) await expect(coverage.locator(`[data-testid="profile-rule"][data-prefix="${prefix}"]`)).toContainText(/\d+ modelos/);
  await expect(coverage.locator('[data-testid="profile-rule"][data-prefix="A"]')).toContainText('20 %');
  const missing = coverage.getByTestId('profile-missing');
  await expect(missing.getByTestId('profile-missing-group')).toHaveCount(2);
  await expect(missing.locator('[data-prefix="D"]')).toContainText(/Grupos D \(D.*· [\d\s]+ modelos\)/);
  await expect(missing).toContainText('ficariam a preço de tabela');
  // Not given: refused, the groups named.
  await approve.getByRole('button', { name: 'Aprovar pedido' }).click();
  await expect(approve.getByRole('alert')).toContainText('O perfil não cobre os grupos D, E do catálogo');
  await expect(page).toHaveURL(/\/admin\/pro-accounts\/requests\/\d+$/);
  await missing.getByLabel(/^Grupos D /).fill('12');
  await missing.getByLabel(/^Grupos E /).fill('5');
  await approve.getByRole('button', { name: 'Aprovar pedido' }).click();
  await expect(page).toHaveURL(/\/admin\/pro-accounts\/\d+$/);
  await expect(page.getByRole('heading', { name: COMPANY })).toBeVisible();
  await expect(page.getByText(EMAIL)).toBeVisible();
  await expect(page.getByTestId('price-rule').first()).toBeVisible();
  const ruleD = page.getByTestId('price-rule').filter({ has: page.locator('input[name="discountGroup"][value^="D"]') }).first();
  await expect(ruleD.locator('input[name="discountPercentage"]')).toHaveValue('12');

  // The request is handled: the list shows it approved.
  await page.goto('/admin/pro-accounts/requests?estado=approved');
  await expect(page.getByRole('row', { name: new RegExp(COMPANY) })).toContainText('Aprovado');

  // 3. The requester sets a password from the mail.
  await page.context().clearCookies();
  const mail = await waitForMail(EMAIL, /Acesso profissional aprovado/);
  await page.goto(linkIn(mail, '/reset-password'));
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Nova password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar nova password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Guardar nova password' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  // 4. Logs in: the PRO badge carries the account name, prices are discounted.
  await page.goto('/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(EMAIL);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('user-menu-trigger').getByTestId('role-badge')).toHaveText(COMPANY.toLocaleUpperCase('pt-PT'));

  const listing = await (await page.request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  let productUrl: string | null = null;
  for (const product of listing.data as { product_code: string; url: string }[]) {
    const models = (await (await page.request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`)).json()).data as { code: string }[];
    const codes = models.map((m) => m.code).join(',');
    const pricing = await (await page.request.get(`/api/user/product-pricing?product_ids=${encodeURIComponent(codes)}`)).json();
    const entries = Object.values(pricing.data.prices) as { discountPercentage: number }[];
    if (entries.length && entries.every((e) => [5, 10, 12, 15, 20].includes(e.discountPercentage))) {
      productUrl = product.url;
      break;
    }
  }
  expect(productUrl, 'a product with the profile discounts').not.toBeNull();
  await page.goto(productUrl!);
  const box = page.getByTestId('product-price');
  await expect(box.getByTestId('price-discount')).toContainText(/-(5|10|12|15|20)\s?%/);
  await expect(box.getByTestId('price-final')).toContainText('€');
  await expect(box.getByTestId('price-net-label')).toHaveText('s/ IVA');

  // 5. The checkout bills the company by default: its name, NIF and address, not the person's name.
  const [model] = await unitModels(page.request, 1);
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  expect((await page.request.post(`/api/cart/${cart.data.cart_id}/items`, { data: { product_id: model!.id, quantity_of_packages: 1 } })).ok()).toBe(true);
  await page.goto('/checkout');
  const billing = page.getByTestId('checkout-billing-summary');
  await expect(billing).toContainText(COMPANY);
  await expect(billing).toContainText('NIF 510000002');
  await expect(billing).toContainText('Rua das Obras, 7');
  await expect(billing).not.toContainText('Joana Teste');
});

test('/admin/login-debug is open and tells only about this browser', async ({ page }) => {
  const response = await page.goto('/admin/login-debug');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('debug-cookie')).toContainText('Não');
  await expect(page.getByTestId('debug-valid')).toHaveText('Não');
  const signIn = await page.request.post('/api/auth/sign-in/email', { data: DEMO.pro, headers: { origin: new URL(page.url()).origin } });
  expect(signIn.status()).toBe(200);
  await page.goto('/admin/login-debug');
  await expect(page.getByTestId('debug-valid')).toHaveText('Sim');
  await expect(page.getByTestId('debug-email')).toHaveText(DEMO.pro.email);
  const html = await page.content();
  const token = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'))?.value;
  expect(token).toBeTruthy();
  expect(html).not.toContain(token!.split('.')[0]!);
});
