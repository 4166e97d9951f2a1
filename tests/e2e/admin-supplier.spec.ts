import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { DEMO } from './support/accounts';

/**
 * Issue 13, catalogue side: an editor publishes a supplier catalogue PDF (its cover made from the
 * first page) and finds it on /catalogos-fabrica; classifies a family in the Google category
 * classifier and the Merchant feed carries that category for the family's products.
 */

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

async function seriousViolations(page: Page) {
  // The shared toaster (sonner) is left out: its colours belong to the shop-wide component.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('[data-sonner-toaster]').analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function makePdf(file: string, title: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40 });
    const out = fs.createWriteStream(file);
    out.on('finish', () => resolve());
    out.on('error', reject);
    doc.pipe(out);
    doc.rect(0, 0, 595, 842).fill('#0b5394');
    doc.fillColor('#ffffff').fontSize(30).text(title, 60, 320);
    doc.addPage().fillColor('#000000').fontSize(12).text('Tabela de preços');
    doc.end();
  });
}

async function signInEditor(page: Page) {
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.editor.email);
  await form.getByLabel('Password').fill(DEMO.editor.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('an editor uploads a supplier catalogue PDF and it shows on /catalogos-fabrica with its cover', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Catálogo E2E ${Date.now()}`;
  const pdfFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pdf-')), 'catalogo.pdf');
  await makePdf(pdfFile, title);
  await signInEditor(page);

  await page.goto('/admin/supplier-catalogues');
  await expect(page.getByRole('heading', { name: 'Catálogos de fornecedores' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo catálogo' }).click();
  await expect(page).toHaveURL(/\/admin\/supplier-catalogues\/new$/);
  await hydrated(page);
  const form = page.getByTestId('supplier-catalogue-form');
  // Validation in Portuguese before anything is sent.
  await form.getByRole('button', { name: 'Criar catálogo' }).click();
  await expect(form).toContainText('Escolha a marca.');
  await expect(form).toContainText('Indique o título');

  const brandSelect = form.getByLabel('Marca');
  const brandName = (await brandSelect.locator('option').nth(1).textContent())!.trim();
  await brandSelect.selectOption({ index: 1 });
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Ano').fill('2026');
  await form.getByLabel('Ficheiro PDF').setInputFiles(pdfFile);
  await form.getByRole('button', { name: 'Criar catálogo' }).click();
  await expect(page).toHaveURL(/\/admin\/supplier-catalogues\/edit\/\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('current-cover')).toBeVisible();
  await expect(page.getByTestId('audit-history')).toContainText('Criado');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/admin/supplier-catalogues');
  await expect(page.getByTestId('supplier-catalogue-table')).toContainText(title);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/catalogos-fabrica');
  const card = page.getByTestId('supplier-catalogue').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(brandName);
  await expect(card).toContainText('2026');
  const cover = card.getByRole('img', { name: `Capa do catálogo ${title}` });
  await expect(cover).toHaveAttribute('src', /^\/media\/uploads\/covers\/\d{4}\/[a-f0-9]{24}\.webp\?w=400$/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const open = card.getByRole('link', { name: /Abrir PDF/ });
  const href = await open.getAttribute('href');
  expect(href).toMatch(/^\/media\/uploads\/documents\/\d{4}\/[a-f0-9]{24}\.pdf$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('an editor classifies a family and the Merchant feed carries that category for its products', async ({ page }) => {
  test.setTimeout(120_000);
  const feedCategories = async () => {
    const res = await page.request.get('/feeds/google-merchant.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    return xml
      .split('<item>')
      .slice(1)
      .filter((item) => item.includes('&gt; Tubo Multicamada</g:product_type>') || item.includes('> Tubo Multicamada</g:product_type>'))
      .map((item) => item.match(/<g:google_product_category>(\d+)<\/g:google_product_category>/)?.[1]);
  };
  const before = await feedCategories();
  expect(before.length).toBeGreaterThan(0);
  expect(before.every((c) => c === '5181')).toBe(true);

  await signInEditor(page);
  await page.goto('/admin/google-category-classifier/unclassified?q=40-010');
  await hydrated(page);
  const table = page.getByTestId('classifier-family-unclassified');
  await expect(table).toContainText('Tubo Multicamada');
  expect(await seriousViolations(page)).toEqual([]);
  await table.getByRole('checkbox', { name: 'Selecionar «Tubo Multicamada»' }).check();
  const picker = table.getByTestId('category-picker');
  await picker.getByRole('combobox').fill('tubos de canalização');
  await picker.locator('[data-category-id="2216"]').click();
  await expect(picker).toContainText('Escolhida: 2216 · Ferragens e bricolage > Canalização > Tubos de canalização');
  await table.getByRole('button', { name: 'Atribuir às selecionadas' }).click();
  await expect(page.getByText('Categoria atribuída a 1 registo.')).toBeVisible();

  await page.goto('/admin/google-category-classifier/classified?q=40-010');
  await expect(page.getByTestId('classifier-family-classified')).toContainText('2216 · Ferragens e bricolage > Canalização > Tubos de canalização');
  await page.goto('/admin/google-category-classifier/rules');
  await hydrated(page);
  await expect(page.getByTestId('rule-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const after = await feedCategories();
  expect(after.length).toBe(before.length);
  expect(after.every((c) => c === '2216')).toBe(true);
});

test('a viewer is refused the supplier catalogues and the classifier', async ({ page }) => {
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.viewer.email);
  await form.getByLabel('Password').fill(DEMO.viewer.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  for (const url of ['/admin/supplier-catalogues', '/admin/supplier-catalogues/new', '/admin/google-category-classifier/rules']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(403);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  }
});
