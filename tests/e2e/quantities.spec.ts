import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/demo';

/**
 * Issue 22, items 1, 2 and 5: typed quantities mean what was typed, in the model picker (cards'
 * dialog at 1366 px; the product page's model list at 390 px, where the quick add is not offered),
 * the cart, the job lists and the quote dialog; pack rules offer the nearest allowed quantities
 * instead of rounding; big quantities are confirmed; the line maximum says how many can still be
 * added; the quick order keeps only the refused lines and sums a repeated code once. After every
 * refused input the cart is read back through the API: unchanged.
 */

interface Model {
  id: number;
  code: string;
  small_package: string | null;
  sales_minimum: number;
  sales_increment: number;
}
interface Product {
  product_code: string;
  url: string;
}
interface Demo {
  unit: { product: Product; model: Model };
  /** Two more models sold by the unit (quick order). */
  others: Model[];
  tens: { product: Product; model: Model };
}

const BAD = ['2,5', '2.5', '-1', '1e9', 'abc', '99999'];
const INVALID = 'Indique um número inteiro entre 1 e 9 999';

let demo: Demo | null = null;

/** From the demo catalogue's chapter 40: a product with a model sold by the unit, and one with a model sold in tens. */
async function findDemo(request: APIRequestContext): Promise<Demo> {
  if (demo) return demo;
  const listing = await (await request.get('/api/products/by-chapter?chapter=40&limit=30')).json();
  let unit: Demo['unit'] | null = null;
  let tens: Demo['tens'] | null = null;
  const others: Model[] = [];
  for (const product of listing.data as Product[]) {
    const answer = await request.get(`/api/products/${encodeURIComponent(product.product_code)}/models`);
    if (!answer.ok()) continue;
    for (const model of (await answer.json()).data as Model[]) {
      if (model.sales_increment <= 1 && model.sales_minimum <= 1) {
        if (!unit) unit = { product, model };
        else if (others.length < 2 && product.product_code !== unit.product.product_code) others.push(model);
      } else if (model.sales_increment === 10 && model.sales_minimum === 10 && !tens) tens = { product, model };
    }
    if (unit && tens && others.length >= 2) break;
  }
  expect(unit, 'a model sold by the unit').toBeTruthy();
  expect(tens, 'a model sold in tens').toBeTruthy();
  expect(others.length).toBe(2);
  demo = { unit: unit!, tens: tens!, others };
  return demo;
}

async function cartId(page: Page): Promise<string> {
  const cart = await (await page.request.post('/api/cart', { data: {} })).json();
  return cart.data.cart_id as string;
}

/** The signed-in customer's cart as the API answers it: model code → packages. */
async function cartContents(page: Page): Promise<Record<string, number>> {
  const items = await (await page.request.get(`/api/cart/${await cartId(page)}/items`)).json();
  return Object.fromEntries((items.data as { quantity_of_packages: number; product: { code: string } }[]).map((i) => [i.product.code, i.quantity_of_packages]));
}

async function emptyCart(page: Page) {
  await page.request.delete(`/api/cart/${await cartId(page)}/empty`);
}

async function addByApi(page: Page, model: Model, packages: number) {
  const answer = await page.request.post(`/api/cart/${await cartId(page)}/items`, { data: { product_id: model.id, quantity_of_packages: packages } });
  expect(answer.status()).toBe(201);
}

/** The quantity row of a model: in the picker dialog on a desktop, in the product page's list on a phone. */
async function modelRow(page: Page, product: Product, code: string, desktop: boolean): Promise<Locator> {
  await page.goto(product.url);
  if (desktop) {
    await page.getByTestId('product-add-to-cart').click();
    const picker = page.getByTestId('model-picker');
    await expect(picker).toBeVisible();
    return picker.locator(`[data-testid="model-row"][data-model-code="${code}"]`);
  }
  const row = page.locator(`[data-testid="model-row"][data-model-code="${code}"]`);
  await expect(row).toHaveCount(1);
  return row;
}

async function paste(page: Page, box: Locator, text: string) {
  await box.fill('');
  await box.focus();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

for (const [name, viewport] of [
  ['1366 px', { width: 1366, height: 900 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  const desktop = viewport.width >= 768;

  test.describe(`quantities at ${name}`, () => {
    test.describe.configure({ mode: 'serial' });
    test.use({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });

    test.beforeEach(async ({ page, baseURL }) => {
      await signIn(page, baseURL!, 'pro');
      await emptyCart(page);
    });

    test('the picker keeps what was typed, says why it refuses it and adds nothing', async ({ page }) => {
      const { unit } = await findDemo(page.request);
      const row = await modelRow(page, unit.product, unit.model.code, desktop);
      const box = row.getByRole('textbox', { name: new RegExp(`^Quantidade de ${unit.model.code}`) });
      const add = row.getByRole('button', { name: new RegExp(`^Adicionar ${unit.model.code}`) });
      for (const typed of BAD) {
        await box.fill('');
        await box.pressSequentially(typed);
        await expect(box).toHaveValue(typed);
        await add.click();
        await expect(row.getByRole('alert')).toHaveText(INVALID);
        await expect(box).toHaveAttribute('aria-invalid', 'true');
        await expect(box).toHaveValue(typed);
      }
      await paste(page, box, '10 un');
      await expect(box).toHaveValue('10 un');
      await add.click();
      await expect(row.getByRole('alert')).toHaveText(INVALID);
      await box.fill('');
      await add.click();
      await expect(row.getByRole('alert')).toHaveText('Por favor selecione uma quantidade válida');
      expect(await cartContents(page)).toEqual({});
      await expect(page.getByText('adicionada ao carrinho')).toHaveCount(0);
      // A whole number is added as typed.
      await box.fill('3');
      await add.click();
      await expect(row.getByTestId('row-success')).toBeVisible();
      await expect.poll(() => cartContents(page)).toEqual({ [unit.model.code]: 3 });
    });

    test('a model sold in tens offers 10 or 20 for a typed 7 instead of rounding, and no "Unidade"', async ({ page }) => {
      const { tens } = await findDemo(page.request);
      const row = await modelRow(page, tens.product, tens.model.code, desktop);
      if (desktop) await expect(row).not.toContainText('Unidade');
      const box = row.getByRole('textbox', { name: new RegExp(`^Quantidade de ${tens.model.code}`) });
      await expect(box).toHaveValue('10');
      await box.fill('7');
      await row.getByRole('button', { name: new RegExp(`^Adicionar ${tens.model.code}`) }).click();
      await expect(row.getByRole('alert')).toHaveText('Vende-se em múltiplos de 10 (mínimo 10): 10 ou 20?');
      await expect(box).toHaveValue('7');
      expect(await cartContents(page)).toEqual({});
      await row.getByRole('button', { name: 'Usar 20' }).click();
      await expect(box).toHaveValue('20');
      await row.getByRole('button', { name: new RegExp(`^Adicionar ${tens.model.code}`) }).click();
      await expect(row.getByTestId('row-success')).toBeVisible();
      await expect.poll(() => cartContents(page)).toEqual({ [tens.model.code]: 20 });

      // The same rule in the cart: 25 is not rounded; 20 or 30 is offered.
      await page.goto('/cart');
      const line = page.locator(`[data-testid="cart-line"][data-model-code="${tens.model.code}"]`);
      const qty = line.getByTestId('line-quantity');
      await qty.fill('25');
      await qty.press('Enter');
      await expect(line.getByRole('alert')).toHaveText('Vende-se em múltiplos de 10 (mínimo 10): 20 ou 30?');
      await expect(qty).toHaveValue('25');
      expect(await cartContents(page)).toEqual({ [tens.model.code]: 20 });
      await line.getByRole('button', { name: 'Usar 30' }).click();
      await expect(line.getByTestId('line-units')).toHaveText('30 unidades');
      expect(await cartContents(page)).toEqual({ [tens.model.code]: 30 });
    });

    test('the cart line refuses what is not 1..9 999 as typed, never clamps 99999, and leaves the cart as it was', async ({ page }) => {
      const { unit } = await findDemo(page.request);
      await addByApi(page, unit.model, 2);
      await page.goto('/cart');
      const line = page.locator(`[data-testid="cart-line"][data-model-code="${unit.model.code}"]`);
      const qty = line.getByTestId('line-quantity');
      await expect(qty).toHaveValue('2');
      for (const typed of BAD) {
        await qty.fill('');
        await qty.pressSequentially(typed);
        await qty.press('Enter');
        await expect(line.getByRole('alert')).toHaveText(INVALID);
        await expect(qty).toHaveValue(typed);
        expect(await cartContents(page)).toEqual({ [unit.model.code]: 2 });
      }
      await paste(page, qty, '10 un');
      await qty.press('Enter');
      await expect(line.getByRole('alert')).toHaveText(INVALID);
      await expect(line.getByTestId('line-units')).toHaveText('2 unidades');
      expect(await cartContents(page)).toEqual({ [unit.model.code]: 2 });
    });

    test('a big quantity is confirmed first; passing the line maximum says how many can still be added', async ({ page }) => {
      const { unit } = await findDemo(page.request);
      await addByApi(page, unit.model, 5);
      const row = await modelRow(page, unit.product, unit.model.code, desktop);
      const box = row.getByRole('textbox', { name: new RegExp(`^Quantidade de ${unit.model.code}`) });
      const add = row.getByRole('button', { name: new RegExp(`^Adicionar ${unit.model.code}`) });
      await box.fill('1200');
      await add.click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirmar a quantidade' });
      await expect(confirm).toContainText(`Vai adicionar 1200 unidades de ${unit.model.code}`);
      await expect(confirm).toContainText('Valor da linha:');
      await confirm.getByRole('button', { name: 'Corrigir' }).click();
      await expect(confirm).toHaveCount(0);
      expect(await cartContents(page)).toEqual({ [unit.model.code]: 5 });

      await box.fill('9999');
      await add.click();
      await page.getByRole('alertdialog', { name: 'Confirmar a quantidade' }).getByRole('button', { name: 'Sim, confirmar' }).click();
      await expect(row.getByRole('alert')).toHaveText(
        'Esta linha já tem 5 e o máximo por linha é 9 999: com mais 9 999 passaria o máximo. Pode adicionar no máximo 9 994.',
      );
      await expect(page.getByText('Erro ao adicionar ao carrinho. Tente novamente.')).toHaveCount(0);
      expect(await cartContents(page)).toEqual({ [unit.model.code]: 5 });
    });

    test('the quick order keeps only the refused lines and sums a repeated code once', async ({ page }) => {
      const { unit, others } = await findDemo(page.request);
      const [a, b] = others as [Model, Model];
      await page.goto('/cart');
      const panel = page.getByTestId('quick-order');
      const box = panel.getByRole('textbox');
      await box.fill(`${unit.model.code} 2\n${a.code} 1\nNAO-EXISTE-0000 1\n${unit.model.code} 3\n${b.code} 2,5`);
      await panel.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await expect(panel.getByTestId('quick-order-added')).toHaveText('2 linhas adicionadas ao carrinho.');
      await expect(panel.getByTestId('quick-order-merged')).toContainText(`${unit.model.code} aparece nas linhas 1 e 4: as quantidades foram somadas numa só linha (5).`);
      await expect(panel.getByTestId('quick-order-problem')).toHaveCount(2);
      await expect(box).toHaveValue(`NAO-EXISTE-0000 1\n${b.code} 2,5`);
      await expect.poll(() => cartContents(page)).toEqual({ [unit.model.code]: 5, [a.code]: 1 });

      // The corrected lines are sent again: only they are added.
      await box.fill(`${b.code} 2`);
      await panel.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
      await expect(panel.getByTestId('quick-order-added')).toHaveText('1 linha adicionada ao carrinho.');
      await expect(box).toHaveValue('');
      await expect.poll(() => cartContents(page)).toEqual({ [unit.model.code]: 5, [a.code]: 1, [b.code]: 2 });
    });

    test('job-list lines and the quote dialog use the same box and rules', async ({ page }) => {
      const { unit, tens } = await findDemo(page.request);
      const created = await page.request.post('/api/job-lists', { data: { name: `Quantidades ${name} ${Date.now()}` } });
      expect(created.status()).toBe(201);
      const listId = (await created.json()).data.id as number;
      for (const [model, packages] of [
        [unit.model, 2],
        [tens.model, 10],
      ] as const) {
        const added = await page.request.post(`/api/job-lists/${listId}/lines`, { data: { product_id: model.id, quantity_of_packages: packages } });
        expect(added.status()).toBe(201);
      }
      const packagesOf = async () =>
        Object.fromEntries(
          ((await (await page.request.get(`/api/job-lists/${listId}`)).json()).data.lines as { code: string; quantity_of_packages: number }[]).map((l) => [l.code, l.quantity_of_packages]),
        );
      await page.goto(`/dashboard/obras/${listId}`);
      const unitLine = page.locator(`[data-testid="job-list-line"][data-code="${unit.model.code}"]`);
      const unitBox = unitLine.getByTestId('job-line-quantity');
      for (const typed of ['2,5', '1e9', '99999']) {
        await unitBox.fill(typed);
        await unitLine.getByRole('button', { name: 'Atualizar' }).click();
        await expect(unitLine.getByRole('alert')).toHaveText(INVALID);
        await expect(unitBox).toHaveValue(typed);
      }
      const tensLine = page.locator(`[data-testid="job-list-line"][data-code="${tens.model.code}"]`);
      await tensLine.getByTestId('job-line-quantity').fill('7');
      await tensLine.getByRole('button', { name: 'Atualizar' }).click();
      await expect(tensLine.getByRole('alert')).toHaveText('Vende-se em múltiplos de 10 (mínimo 10): 10 ou 20?');
      expect(await packagesOf()).toEqual({ [unit.model.code]: 2, [tens.model.code]: 10 });
      await tensLine.getByRole('button', { name: 'Usar 20' }).click();
      await tensLine.getByRole('button', { name: 'Atualizar' }).click();
      await expect.poll(packagesOf).toEqual({ [unit.model.code]: 2, [tens.model.code]: 20 });

      // The quote dialog of the product sold in tens.
      await page.goto(tens.product.url);
      await page.getByTestId('product-request-quote').click();
      const dialog = page.getByTestId('request-quote-dialog');
      await dialog.getByLabel('Modelo').selectOption(String(tens.model.id));
      const quantity = dialog.getByLabel('Quantidade (embalagens)');
      await quantity.fill('2,5');
      await dialog.getByTestId('request-quote-submit').click();
      await expect(dialog.getByRole('alert')).toHaveText(INVALID);
      await quantity.fill('7');
      await dialog.getByTestId('request-quote-submit').click();
      await expect(dialog.getByRole('alert')).toHaveText('Vende-se em múltiplos de 10 (mínimo 10): 10 ou 20?');
      await expect(page).not.toHaveURL(/quote-success/);
      await dialog.getByRole('button', { name: 'Usar 10' }).click();
      await expect(quantity).toHaveValue('10');
      await expect(dialog.getByRole('alert')).toHaveCount(0);
    });
  });
}
