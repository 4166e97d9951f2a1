import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DEMO } from './support/accounts';

/**
 * Issue 13, catalogue management: an editor uploads a catalogue file with a bad row and sees the
 * report (nothing changes); uploads a valid file changing one price, sees the preview, confirms,
 * finds the change in /change-logs and in /reprint-report, marks the chapter reprinted and its
 * count goes to 0. The demo catalogue's price is put back at the end.
 */

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

/** axe on the screen as it is: no serious or critical violation. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

type Row = Record<string, string>;

function cell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvOf(header: string[], rows: Row[]): Buffer {
  return Buffer.from(`${[header.join(';'), ...rows.map((r) => header.map((h) => cell(r[h] ?? '')).join(';'))].join('\r\n')}\r\n`, 'utf8');
}

async function exportRows(page: Page): Promise<{ header: string[]; rows: Row[] }> {
  const response = await page.request.get('/api/admin/catalogue');
  expect(response.status()).toBe(200);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  const header = text.slice(0, text.indexOf('\r\n')).split(';');
  return { header, rows: parse(text, { delimiter: ';', columns: true }) as Row[] };
}

const price = (value: string | undefined) => Number((value ?? '').replace(',', '.'));
const euro = new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: 'always' });

test('an editor imports a price change: report, preview, confirm, change log, reprint report', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.editor.email);
  await form.getByLabel('Password').fill(DEMO.editor.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // A model outside chapter 40 (where the other journeys buy), sold at a plain price.
  const { header, rows } = await exportRows(page);
  const original = rows.find((r) => r.chapter_code !== '40' && price(r.price) > 1)!;
  expect(original).toBeDefined();
  const chapter = original.chapter_code!;
  const model = original.model_code!;

  await page.goto('/admin/catalogue-management');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Gestão de catálogos' })).toBeVisible();

  // 1. A file with a bad row: the report, and nothing changed.
  const changed = { ...original, price: (price(original.price!) + 1.11).toFixed(2).replace('.', ',') };
  const bad = { ...changed, model_code: `${model}-X`, ean: '5600000000015' };
  await page.getByTestId('catalogue-file').setInputFiles({ name: 'mau.csv', mimeType: 'text/csv', buffer: csvOf(header, [changed, bad]) });
  await page.getByTestId('catalogue-upload').click();
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible();
  await expect(report.getByRole('heading')).toHaveText('O ficheiro tem problemas: nada foi importado');
  const line = report.getByTestId('report-row').first();
  await expect(line.locator('td').nth(0)).toHaveText('3');
  await expect(line.locator('td').nth(1)).toHaveText('ean');
  await expect(line.locator('td').nth(2)).toHaveText('dígito de controlo inválido');
  expect((await exportRows(page)).rows.find((r) => r.model_code === model)!.price).toBe(original.price);
  await expectAccessible(page);

  // 2. A valid file changing one price: preview, confirm, summary.
  await page.getByRole('button', { name: 'Importar outro ficheiro' }).click();
  await page.getByTestId('catalogue-file').setInputFiles({ name: 'precos.csv', mimeType: 'text/csv', buffer: csvOf(header, [changed]) });
  await page.getByTestId('catalogue-upload').click();
  const preview = page.getByTestId('import-preview');
  await expect(preview).toBeVisible();
  const models = preview.getByTestId('summary-models');
  await expect(models.getByTestId('updated')).toHaveText('1');
  await expect(models.getByTestId('created')).toHaveText('0');
  await expect(preview.getByTestId('price-samples')).toContainText(model);
  await expectAccessible(page);
  // Still nothing written.
  expect((await exportRows(page)).rows.find((r) => r.model_code === model)!.price).toBe(original.price);
  await page.getByTestId('catalogue-confirm').click();
  const done = page.getByTestId('import-done');
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(done.getByTestId('summary-models').getByTestId('updated')).toHaveText('1');
  expect((await exportRows(page)).rows.find((r) => r.model_code === model)!.price).toBe(changed.price);

  // 3. The change log shows it, prices in pt-PT.
  await page.goto(`/admin/catalogue-management/change-logs?codigo=${encodeURIComponent(model)}&tipo=price`);
  const row = page.getByTestId('change-row').first();
  await expect(row).toContainText(model);
  await expect(row).toContainText('Preço');
  await expect(row).toContainText('Importação');
  const values = (await row.getByTestId('change-values').innerText()).replace(/\s+/g, ' ');
  await expectAccessible(page);
  expect(values).toBe(`${euro.format(price(original.price!)).replace(/\s+/g, ' ')} € → ${euro.format(price(changed.price)).replace(/\s+/g, ' ')} €`);

  // 4. The reprint report counts it for the chapter; marking it reprinted brings it to 0.
  await page.goto('/admin/catalogue-management/reprint-report');
  await hydrated(page);
  const section = page.getByTestId(`reprint-chapter-${chapter}`);
  await expect(section.getByTestId('count-price')).toHaveText('1');
  await expect(section.getByTestId('reprint-products')).toContainText(original.product_id!);
  await expect(section.getByTestId('chapter-pdf')).toHaveAttribute('href', /\/documentos\/catalogos\/.+\.pdf\?v=/);
  await section.locator('details summary').click();
  await expectAccessible(page);
  await section.getByTestId(`mark-${chapter}`).click();
  await page.getByLabel('Nota (opcional)').fill('Reimpressão de teste');
  await page.getByTestId('mark-confirm').click();
  await expect(section.getByTestId('count-total')).toHaveText('0');
  await expect(section).toContainText('Reimpressão de teste');

  // The demo catalogue as it was (through the API import).
  const restore = await page.request.post('/api/admin/catalogue', { multipart: { file: { name: 'repor.csv', mimeType: 'text/csv', buffer: csvOf(header, [original]) } } });
  expect(restore.status()).toBe(200);
});
