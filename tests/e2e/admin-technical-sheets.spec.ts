import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';

/**
 * Issue 13, technical sheets: an editor creates a sheet for a demo product in /admin/ficha-tecnica,
 * adds a section and publishes it; the product page (cached HTML, invalidated by the save) shows
 * 'Ficha técnica' and its PDF downloads; the public document centre finds it by code.
 */

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

/** axe's serious and critical violations of the page as it is (WCAG 2.1 A and AA). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('an editor publishes a technical sheet that the product page and the document centre show', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const listing = await request.get('/api/products/by-chapter?chapter=30&limit=1');
  expect(listing.ok()).toBe(true);
  const [product] = (await listing.json()).data as { product_code: string; url: string }[];
  const code = product!.product_code;
  const models = (await (await request.get(`/api/products/${encodeURIComponent(code)}/models`)).json()).data as { code: string }[];
  const modelCode = models[0]!.code;

  // The product page before: no sheet (and now cached).
  await page.goto(`/produtos/p/${encodeURIComponent(code)}`);
  const productUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('product-sheets')).toHaveCount(0);

  await page.goto('/admin/login');
  await hydrated(page);
  const login = page.getByTestId('login-form');
  await login.getByLabel('Email').fill(DEMO.editor.email);
  await login.getByLabel('Password').fill(DEMO.editor.password);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto('/admin/ficha-tecnica');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Fichas técnicas' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const create = page.getByTestId('new-sheet-form');
  await create.getByLabel('Código do produto').fill(code);
  await create.getByRole('button', { name: 'Criar ficha' }).click();
  await expect(page).toHaveURL(/\/admin\/ficha-tecnica\/edit\/\d+$/);
  await hydrated(page);

  const form = page.getByTestId('sheet-form');
  await form.getByRole('button', { name: 'Adicionar secção' }).click();
  await form.getByLabel('Título da secção (Secção 1)').fill('Características');
  await form.getByLabel('Designação (linha 1)').fill('Pressão máxima');
  await form.getByLabel('Valor (linha 1)').fill('10 bar');
  await form.getByLabel('Normas').fill('EN 1057');
  await form.getByLabel(/^Publicada/).check();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Gravar' }).click();
  await expect(page.getByText('Alterações gravadas.')).toBeVisible();
  await expect(page.getByTestId('audit-history')).toContainText('Alterado');

  // The product page shows it at once (the save invalidated its tag).
  await page.goto(productUrl);
  const sheets = page.getByTestId('product-sheets');
  await expect(sheets.getByRole('heading', { name: 'Ficha técnica' })).toBeVisible();
  const link = sheets.getByRole('link', { name: /^Ficha técnica/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/documentos\/fichas-tecnicas\/ficha-\d+-[a-z0-9-]+\.pdf$/);
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // axe as a visitor sees the page (a signed-in user's price box is the pricing leaf's, not this issue's).
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(productUrl);
  await expect(guestPage.getByTestId('product-sheets')).toBeVisible();
  expect(await seriousViolations(guestPage)).toEqual([]);
  await guest.close();

  // The document centre finds it by the product code and by a model's code.
  await page.goto('/fichas-tecnicas');
  const search = page.getByTestId('sheets-search');
  await search.getByLabel('Referência ou nome').fill(code);
  await search.getByRole('button', { name: 'Procurar fichas' }).click();
  await expect(page).toHaveURL(/\/fichas-tecnicas\?q=/);
  const row = page.getByTestId('sheet-row').filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: /^Ficha técnica/ })).toHaveAttribute('href', href!);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/fichas-tecnicas?q=${encodeURIComponent(modelCode)}`);
  await expect(page.getByTestId('sheet-row').filter({ hasText: code })).toHaveCount(1);
});
