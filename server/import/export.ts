import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { canonicalMoney } from '@/lib/catalogue/decimal';
import { csvField, formulaSafe } from '@/lib/spreadsheet-cells';
import type { DbOrTx } from '@/server/db/client';
import { CATALOGUE_COLUMNS, CATALOGUE_TEXT_COLUMNS, type CatalogueColumn, type RawCatalogueRow } from './format';

/** The whole catalogue in the exchange format, one row per model, in a stable order. */
export async function exportCatalogueRows(db: DbOrTx): Promise<Required<RawCatalogueRow>[]> {
  const result = await db.execute<Record<string, string | number | null>>(sql`
    SELECT f.chapter_code, f.code AS family_code, f.title AS family_title,
      p.product_code AS product_id, p.name AS product_name, p.description, b.name AS brand,
      m.code AS model_code, m.name AS model_name, m.size, m.price::text AS price, m.discount_group,
      m.ean, m.stock_status, m.small_package, m.medium_package, m.large_package, p.photo_path AS image,
      (SELECT string_agg(a.name || '=' || a.value || coalesce(' ' || a.unit, ''), '|' ORDER BY a.position)
         FROM model_attributes a WHERE a.model_id = m.id) AS attributes
    FROM inventory_products m
    JOIN products p ON p.id = m.product_id
    JOIN families f ON f.id = p.family_id
    LEFT JOIN brands b ON b.id = p.brand_id
    ORDER BY f.chapter_code, f.code COLLATE "C", p.product_code COLLATE "C", m.code COLLATE "C"`);
  return result.rows.map((r) => {
    const row = Object.fromEntries(CATALOGUE_COLUMNS.map((c) => [c, r[c] == null ? '' : String(r[c])])) as Required<RawCatalogueRow>;
    row.price = canonicalMoney(row.price).replace('.', ',');
    return row;
  });
}

const TEXT = new Set<CatalogueColumn>(CATALOGUE_TEXT_COLUMNS);

/** A row's cell as the file holds it: text columns formula-safe (the import undoes it), numbers as they are. */
function fileCell(row: RawCatalogueRow, column: CatalogueColumn): string {
  const value = row[column] ?? '';
  return TEXT.has(column) ? formulaSafe(value) : value;
}

/**
 * CSV as the shop's spreadsheets use it: UTF-8 with BOM, `;` separators, decimal comma. No text
 * cell can run as a formula in a spreadsheet (lib/spreadsheet-cells); the import reads them back.
 */
export function toCsv(rows: readonly RawCatalogueRow[]): string {
  const lines = [CATALOGUE_COLUMNS.join(';')];
  for (const row of rows) lines.push(CATALOGUE_COLUMNS.map((c) => csvField(fileCell(row, c))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(rows: readonly RawCatalogueRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  workbook.modified = new Date(0);
  const sheet = workbook.addWorksheet('Catálogo');
  sheet.addRow([...CATALOGUE_COLUMNS]);
  sheet.getRow(1).font = { bold: true };
  // Text cells of a workbook are not formulas when it opens, but become one when edited: formula-safe too.
  for (const row of rows) sheet.addRow(CATALOGUE_COLUMNS.map((c) => fileCell(row, c)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function exportCatalogueFile(db: DbOrTx, file: string): Promise<number> {
  const rows = await exportCatalogueRows(db);
  const ext = path.extname(file).toLowerCase();
  const content = ext === '.xlsx' ? await toXlsx(rows) : toCsv(rows);
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await fs.writeFile(file, content);
  return rows.length;
}
