import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO } from './support/accounts';

/**
 * Issue 13, products: an editor creates a product with two models and an uploaded image, finds it
 * in the shop's search and in its family's listing at once, and changes a model's price; a viewer
 * is refused the products screens ('Access Denied').
 */

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

/** Serious or critical axe violations of the page (the shared toasts excluded: they fade in and out). */
async function seriousViolations(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function adminLogin(page: Page, who: { email: string; password: string }) {
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('an editor creates a product with two models and an image, finds it in the shop, and changes a price', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `E2E-${stamp}`;
  const name = `Purgador automático Xilofone ${stamp}`;
  await adminLogin(page, DEMO.editor);

  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Produtos', level: 1 })).toBeVisible();
  await hydrated(page);
  await page.getByTestId('product-new').click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await hydrated(page);

  const form = page.getByTestId('product-form');
  await form.getByLabel('Código do produto').fill(code);
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await form.getByLabel('Nome SEO').fill(`${name} | Casa das Águas`);
  await expect(form.getByText(/de ~60 caracteres recomendados/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Descrição', exact: true }).fill('Purgador automático para radiadores e coletores.');
  const chapter = form.getByLabel('Capítulo');
  await chapter.selectOption({ index: 1 });
  const family = form.getByLabel('Família');
  await expect(family.locator('option')).not.toHaveCount(1);
  await family.selectOption({ index: 1 });

  // The image: a real PNG, sniffed and converted by the server.
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20, g: 110, b: 180 } } }).png().toBuffer();
  await page.getByTestId('product-image-upload').setInputFiles({ name: 'purgador.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('product-images').locator('li')).toHaveCount(1);
  await page.getByLabel('Texto alternativo da imagem 1').fill('Purgador automático em latão');

  // Two models.
  await page.getByTestId('model-0-code').fill(`${code}-12`);
  await page.getByTestId('model-0-name').fill(`${name} 1/2"`);
  await page.getByTestId('model-0-size').fill('1/2"');
  await page.getByTestId('model-0-price').fill('7,4500');
  await page.getByTestId('model-add').click();
  await page.getByTestId('model-1-code').fill(`${code}-34`);
  await page.getByTestId('model-1-size').fill('3/4"');
  await page.getByTestId('model-1-price').fill('9,10');
  await page.getByTestId('model-1-ean').fill('5601234567891');
  await page.getByTestId('product-save').click();
  // A wrong EAN check digit is explained next to the field; nothing is sent.
  await expect(page.getByText('Dígito de controlo do EAN inválido.')).toBeVisible();
  await page.getByTestId('model-1-ean').fill('5601234567892');
  await page.getByTestId('product-save').click();

  await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  const editUrl = page.url();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('audit-history')).toContainText('Criado');
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('edit.png'), fullPage: true });
  const shopLink = page.getByRole('link', { name: 'Ver na loja' });
  const productPath = (await shopLink.getAttribute('href')) ?? '';
  expect(productPath).toMatch(/^\/produtos\/[^/]+\/[^/]+\/E2E-/);
  const familyPath = productPath.split('/').slice(0, 4).join('/');

  // The shop's search and the family's listing show it at once.
  await page.goto(`/produtos?search=${encodeURIComponent(`xilofone ${stamp}`)}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto(`${familyPath}?search=${encodeURIComponent('xilofone')}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto(productPath);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.locator(`img[src*="/media/uploads/images/"]`).first()).toBeVisible();

  // A model's price changes; the form shows it after the save, the history records it.
  await page.goto(editUrl);
  await hydrated(page);
  await page.getByTestId('model-0-price').fill('8,15');
  await page.getByTestId('product-save').click();
  await expect(page.getByText('Produto gravado.')).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('model-0-price')).toHaveValue('8,15');
  await expect(page.getByTestId('audit-history')).toContainText('Alterado');

  // The price change is in the catalogue change log (by the editor, 7,45 € → 8,15 €) and counts in
  // the reprint report of the product's chapter.
  await page.goto(`/admin/catalogue-management/change-logs?codigo=${encodeURIComponent(code)}&tipo=price`);
  const priceRow = page.locator('[data-testid="change-row"][data-kind="price"]').filter({ hasText: `${code}-12` });
  await expect(priceRow).toHaveCount(1);
  await expect(priceRow).toContainText('7,45');
  await expect(priceRow).toContainText('8,15');
  await expect(priceRow).toContainText('Editora Demo');
  await page.goto('/admin/catalogue-management/reprint-report');
  await expect(page.getByTestId('reprint-products').filter({ hasText: code }).first()).toBeAttached();

  // The list finds it by code.
  await page.goto(`/admin/products?q=${encodeURIComponent(code)}`);
  await expect(page.getByTestId('admin-product-row')).toHaveCount(1);
  await expect(page.getByTestId('admin-product-row')).toContainText(name);
  await page.goto('/admin/products');
  await hydrated(page);
  await page.getByTestId('admin-product-row').first().getByRole('checkbox').check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('list.png'), fullPage: true });
});

test('a viewer gets Access Denied on the products screens', async ({ page }) => {
  await adminLogin(page, DEMO.viewer);
  for (const path of ['/admin/products', '/admin/products/new', '/admin/products/edit/1']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
});
