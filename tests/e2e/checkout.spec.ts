import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { signIn, unitModels, type UnitModel as Model } from './support/demo';
import { waitForMail } from './support/mail';

/**
 * Issue 11's buying journeys in the browser: a professional checks out to a new address with a
 * bank transfer (the address form's Portuguese refusal first), lands on the success page with the
 * IBAN and the order number as reference, gets the confirmation mail over SMTP, finds the order
 * in the account area, opens its PDF and orders it again; a private customer picks up at the
 * showroom and pays there (no shipping); a cart changed in another tab after the review is not
 * placed at the old total.
 */


/** The signed-in customer's cart emptied and filled with `lines` (model, packages). */
async function fillCart(page: Page, lines: [Model, number][]): Promise<string> {
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  const cartId: string = cart.data.cart_id;
  await page.request.delete(`/api/cart/${cartId}/empty`);
  for (const [model, packages] of lines) {
    const added = await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: model.id, quantity_of_packages: packages } });
    expect(added.ok(), `add ${model.code}`).toBeTruthy();
  }
  return cartId;
}

test.describe.configure({ mode: 'serial' });

test('a professional checks out to a new address with a bank transfer, gets the mail, and finds the order', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'pro');
  const [a, b] = await unitModels(page.request, 2);
  await fillCart(page, [
    [a!, 2],
    [b!, 1],
  ]);

  await page.goto('/cart');
  await page.getByRole('link', { name: 'Fazer Pedido' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar encomenda' })).toBeVisible();
  await expect(page.getByTestId('checkout-line')).toHaveCount(2);

  // A new delivery address, refused first for its postal code, then saved and chosen.
  await page.getByLabel('Entregar noutra morada').check();
  const form = page.getByTestId('new-address-delivery');
  await form.getByLabel('Nome da morada').fill('Obra Canidelo');
  await form.getByLabel('Nome / nome fiscal').fill('Canalizações Demo, Lda.');
  await form.getByLabel(/^Morada/).fill('Rua do Cais, 12');
  await form.getByLabel('Código postal').fill('4400 123');
  await form.getByLabel('Localidade').fill('Vila Nova de Gaia');
  await form.getByRole('button', { name: 'Guardar morada' }).click();
  await expect(form.getByText('Código postal inválido: use o formato 1234-567.')).toBeVisible();
  await expect(form.getByLabel('Código postal')).toBeFocused();
  // Nothing typed was lost.
  await expect(form.getByLabel('Nome da morada')).toHaveValue('Obra Canidelo');
  await form.getByLabel('Código postal').fill('4400-123');
  await form.getByLabel('Código postal').press('Enter');
  await expect(page.getByLabel(/Entregar em: Obra Canidelo/)).toBeChecked();

  await page.getByLabel(/Transferência bancária/).check();
  await page.getByLabel('A sua referência de encomenda (opcional)').fill('REQ-2026-77');
  const total = (await page.getByTestId('checkout-total').first().innerText()).trim();
  await page.getByTestId('place-order').click();

  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/EN-\d{4}-\d{6}/);
  const number = (await heading.innerText()).match(/EN-\d{4}-\d{6}/)![0];
  await expect(page.getByText(/IBAN/).first()).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();
  await expect(page.getByText(total).first()).toBeVisible();
  // The cart badge went back to empty: the cart became the order.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  const mail = await waitForMail(DEMO.pro.email, new RegExp(`Encomenda ${number} recebida`));
  expect(mail.text).toContain(number);
  expect(mail.text).toMatch(/IBAN/);
  expect(mail.text).toContain('REQ-2026-77');

  await page.goto('/dashboard/orders');
  await page.getByRole('link', { name: number }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/);
  await expect(page.getByText('Obra Canidelo').first()).toBeVisible();

  const pdfLink = page.getByRole('link', { name: /PDF/ });
  const href = await pdfLink.getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');

  await page.getByRole('button', { name: /Voltar a encomendar/ }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('a private customer picks up at the showroom and pays there, with no shipping', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'particular');
  const [a] = await unitModels(page.request, 1);
  await fillCart(page, [[a!, 1]]);

  await page.goto('/checkout');
  // The demo customer's default address is preselected; pay at pickup needs a pickup.
  await expect(page.getByLabel(/Pagamento no levantamento/)).toBeDisabled();
  await page.getByLabel(/Levantar na loja \(showroom\)/).check();
  await expect(page.getByTestId('checkout-shipping').first()).toHaveText('Grátis');
  await page.getByLabel(/Pagamento no levantamento/).check();
  await page.getByTestId('place-order').click();

  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/EN-\d{4}-\d{6}/);
  await expect(page.getByText(/levant/i).first()).toBeVisible();
});

test('a cart changed in another tab after the review is not placed at the old total', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'particular');
  const [a, b] = await unitModels(page.request, 2);
  const cartId = await fillCart(page, [[a!, 1]]);

  await page.goto('/checkout');
  const before = (await page.getByTestId('checkout-total').first().innerText()).trim();
  // Another tab adds a line: today's total is no longer the one on this page.
  await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: b!.id, quantity_of_packages: 1 } });
  await page.getByTestId('place-order').click();

  await expect(page.getByTestId('checkout-problem')).toContainText('O total da encomenda mudou');
  await expect(page.getByTestId('checkout-line')).toHaveCount(2);
  const after = (await page.getByTestId('checkout-total').first().innerText()).trim();
  expect(after).not.toBe(before);
  await expect(page.getByTestId('place-order')).toContainText('Confirmar o novo total');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+/);
});

test('the checkout needs a login, and is off on the production host', async ({ page, baseURL }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout/);
  // A customer's session (made on a full host) presented to the production host: checkout is off there.
  await signIn(page, baseURL!, 'particular');
  const cookie = (await page.context().cookies(baseURL!)).map((c) => `${c.name}=${c.value}`).join('; ');
  const production = baseURL!.replace('localhost', '127.0.0.1');
  const answer = await page.request.post(`${production}/api/checkout`, {
    data: { delivery: { pickup: 'showroom' }, payment_method: 'pay_at_pickup' },
    headers: { 'idempotency-key': 'e2e-production-host-1', origin: production, cookie },
  });
  expect(answer.status()).toBe(403);
  const body = await answer.json();
  expect(body.success).toBe(false);
  expect(body.error.code).toBe('feature_off');
});
