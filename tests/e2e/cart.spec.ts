import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Issue 10's buying journeys in the browser: the guest cart merged at login with 'Carrinho
 * Sincronizado', the prices each kind of visitor sees (professional: base, discount, final and
 * "s/ IVA"; private customer: one price with IVA; guest: none), the free-shipping progress at
 * 350 €, and the quick order's refused lines.
 */

interface Model {
  id: number;
  code: string;
  sales_minimum: number;
  sales_increment: number;
}
interface Product {
  product_code: string;
  url: string;
}
interface PriceEntry {
  basePrice: number;
  userPrice: number;
  priceWithTax: number;
  discountPercentage: number;
}

async function signIn(page: Page, baseURL: string, who: 'pro' | 'particular') {
  const response = await page.request.post('/api/auth/sign-in/email', { data: DEMO[who], headers: { origin: baseURL } });
  expect(response.status(), `login ${who}`).toBe(200);
}

/** Products of chapter 40 (brands with the demo professional's discounts) and their models. */
async function catalogue(request: APIRequestContext): Promise<{ product: Product; models: Model[] }[]> {
  const listing = await (await request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  const out: { product: Product; models: Model[] }[] = [];
  for (const product of listing.data as Product[]) {
    const answer = await request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
    if (answer.ok()) out.push({ product, models: (await answer.json()).data });
  }
  return out;
}

/** Empties the signed-in customer's cart through the API (a clean start for each journey). */
async function emptyCart(page: Page) {
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  const cartId: string = cart.data.cart_id;
  await page.request.delete(`/api/cart/${cartId}/empty`);
  return cartId;
}

test.describe.configure({ mode: 'serial' });

test('a guest adds two models, logs in, and the cart is merged with "Carrinho Sincronizado"', async ({ page, baseURL }) => {
  const products = await catalogue(page.request);
  const simple = products.find((p) => p.models.filter((m) => m.sales_increment <= 1).length >= 2);
  expect(simple, 'a product with two models sold by the unit').toBeTruthy();
  // The customer's own cart starts empty, so the merged count is the guest's.
  await signIn(page, baseURL!, 'particular');
  await emptyCart(page);
  await page.context().clearCookies();

  await page.goto(simple!.product.url);
  await page.getByTestId('product-add-to-cart').click();
  const picker = page.getByTestId('model-picker');
  await expect(picker).toBeVisible();
  const rows = picker.getByTestId('model-row').filter({ has: page.getByRole('button', { name: /^Adicionar / }) });
  const units = simple!.models.filter((m) => m.sales_increment <= 1).slice(0, 2);
  for (const m of units) {
    const row = picker.locator(`[data-testid="model-row"][data-model-code="${m.code}"]`);
    await row.getByRole('button', { name: /^Adicionar / }).click();
    await expect(row.getByTestId('row-success')).toBeVisible();
  }
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const guestCartId = await page.evaluate(() => window.localStorage.getItem('cart-id'));
  expect(guestCartId).toBeTruthy();
  // Guests see no prices anywhere in the cart.
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-dropdown-lines').getByTestId('cart-dropdown-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-dropdown')).not.toContainText('€');
  await page.keyboard.press('Escape');

  await signIn(page, baseURL!, 'particular');
  await page.reload();
  await expect(page.getByText('Carrinho Sincronizado')).toBeVisible();
  await expect(page.getByText('Itens do seu carrinho de convidado foram adicionados.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  expect(await page.evaluate(() => window.localStorage.getItem('cart-id'))).toBeNull();
  // The merged guest cart no longer answers to its id.
  const gone = await page.request.fetch(`/api/cart/${guestCartId}`, { method: 'HEAD' });
  expect(gone.status()).toBe(404);
});

async function discountedProduct(page: Page, baseURL: string) {
  const products = await catalogue(page.request);
  await signIn(page, baseURL, 'pro');
  for (const p of products) {
    const codes = p.models.map((m) => m.code).join(',');
    const answer = await (await page.request.get(`/api/user/product-pricing?product_ids=${encodeURIComponent(codes)}`)).json();
    const prices = Object.values(answer.data.prices) as PriceEntry[];
    if (prices.length && prices.every((e) => e.discountPercentage > 0 && e.userPrice > 0)) return p;
  }
  throw new Error('no discounted product in chapter 40');
}

test('the professional sees base price, discount, final price and "s/ IVA"; the card shows the discount badge', async ({ page, baseURL }) => {
  const p = await discountedProduct(page, baseURL!);
  await page.goto(p.product.url);
  const box = page.getByTestId('product-price');
  await expect(box.getByTestId('price-base')).toContainText('€');
  await expect(box.getByTestId('price-discount')).toContainText(/-\d+(,\d+)?\s?%/);
  await expect(box.getByTestId('price-final')).toContainText('€');
  await expect(box.getByTestId('price-net-label')).toHaveText('s/ IVA');
  await expect(box.getByTestId('price-with-vat')).toContainText('c/ IVA');
  // The models table: a price per model and an add-to-cart per row.
  await expect(page.locator('td[data-slot="price"]').first().getByTestId('price-final')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Adicionar ${p.models[0]!.code}`) })).toBeVisible();
  // Listing cards: price block and discount badge.
  await page.goto(p.product.url.split('/').slice(0, 4).join('/'));
  const card = page.locator(`[data-testid="product-card"][data-product-code="${p.product.product_code}"]`);
  // A card asks its prices when it comes into view, as the customer scrolls to it.
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('discount-badge')).toBeVisible();
  await expect(card.getByTestId('price-net-label')).toHaveText('s/ IVA');
  await expect(card.getByTestId('price-base')).toContainText('€');
});

test('the private customer sees one price with IVA', async ({ page, baseURL }) => {
  const p = await discountedProduct(page, baseURL!);
  await page.context().clearCookies();
  await signIn(page, baseURL!, 'particular');
  await page.goto(p.product.url);
  const box = page.getByTestId('product-price');
  await expect(box.getByTestId('price-particular')).toContainText('€');
  await expect(box.getByTestId('price-particular')).toContainText('c/ IVA');
  await expect(box.getByTestId('price-base')).toHaveCount(0);
  await expect(box).not.toContainText('s/ IVA');
});

test('a guest sees no price anywhere: product page, listing cards, picker', async ({ page }) => {
  const products = await catalogue(page.request);
  const p = products[0]!;
  await page.goto(p.product.url);
  await expect(page.getByTestId('product-add-to-cart')).toBeVisible();
  await expect(page.locator('[data-testid^="price-"]')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('€');
  await page.getByTestId('product-add-to-cart').click();
  await expect(page.getByTestId('model-row').first()).toBeVisible();
  await expect(page.getByTestId('model-picker')).not.toContainText('€');
  await page.keyboard.press('Escape');
  await page.goto(p.product.url.split('/').slice(0, 4).join('/'));
  await expect(page.getByTestId('product-card').first()).toContainText('Ver detalhes →');
  await expect(page.locator('[data-testid^="price-"]')).toHaveCount(0);
  const pricing = await page.request.get('/api/user/product-pricing?product_ids=X');
  expect(pricing.status()).toBe(401);
});

test('the free-shipping progress reaches 100 % at 350 € with IVA', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'particular');
  const cartId = await emptyCart(page);
  const products = await catalogue(page.request);
  const codes = products.flatMap((p) => p.models.filter((m) => m.sales_increment <= 1)).slice(0, 40);
  const answer = await (await page.request.get(`/api/user/product-pricing?product_ids=${encodeURIComponent(codes.map((m) => m.code).join(','))}`)).json();
  const priced = codes.find((m) => ((answer.data.prices[m.code] as PriceEntry | undefined)?.priceWithTax ?? 0) > 5);
  expect(priced).toBeTruthy();
  const unit = (answer.data.prices[priced!.code] as PriceEntry).priceWithTax;
  await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: priced!.id, quantity_of_packages: 1 } });
  await page.goto('/produtos');
  await page.getByTestId('cart-button').click();
  const progress = page.getByTestId('free-shipping-progress');
  await expect(progress).toBeVisible();
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await expect(page.getByTestId('cart-dropdown-totals')).toContainText('7,00');
  await page.keyboard.press('Escape');

  const more = Math.ceil(350 / unit);
  await page.request.post(`/api/cart/${cartId}/items`, { data: { product_id: priced!.id, quantity_of_packages: more } });
  await page.reload();
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('free-shipping-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('cart-dropdown')).toContainText('Tem portes grátis!');
  await expect(page.getByTestId('cart-dropdown-totals')).toContainText('Grátis');
  // The cart page agrees.
  await page.goto('/cart');
  await expect(page.getByTestId('summary-shipping')).toHaveText('Grátis');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
});

test('quick order on /cart: one unknown code and one bad quantity are listed with their lines', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'particular');
  await emptyCart(page);
  const products = await catalogue(page.request);
  const good = products.flatMap((p) => p.models).find((m) => m.sales_increment <= 1)!;
  await page.goto('/cart');
  const panel = page.getByTestId('quick-order');
  await panel.getByRole('textbox').fill(`${good.code} 2\nNAO-EXISTE-0000 1\n${good.code} 2,5`);
  await panel.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(panel.getByTestId('quick-order-added')).toHaveText('1 linha adicionada ao carrinho.');
  const problems = panel.getByTestId('quick-order-problem');
  await expect(problems).toHaveCount(2);
  await expect(problems.nth(0)).toContainText('Linha 2');
  await expect(problems.nth(0)).toContainText('NAO-EXISTE-0000');
  await expect(problems.nth(1)).toContainText('Linha 3');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('line-units')).toHaveText('2 unidades');
});
