import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fromFormulaSafe } from '@/lib/spreadsheet-cells';
import { CATALOGUE_COLUMNS, CATALOGUE_TEXT_COLUMNS, REQUIRED_COLUMNS, type CatalogueColumn, type RawCatalogueRow } from './format';

export interface SourceRow {
  /** Line of the row in the file (the header is line 1). */
  line: number;
  cells: RawCatalogueRow;
}

export interface ImportIssue {
  line: number;
  column?: CatalogueColumn | string;
  message: string;
}

export function formatIssue(issue: ImportIssue): string {
  return issue.column
    ? `Linha ${issue.line}, coluna ${issue.column}: ${issue.message}`
    : `Linha ${issue.line}: ${issue.message}`;
}

export interface ReadResult {
  rows: SourceRow[];
  issues: ImportIssue[];
}

/**
 * The columns a file format knows and those it requires: the catalogue's by default; the ERP
 * sync (server/erp) reads its client and price files with its own.
 */
export interface ColumnSet {
  known: readonly string[];
  required: readonly string[];
  /**
   * Columns the shop's own export wrote formula-safe (lib/spreadsheet-cells): the one leading `'`
   * it put before `=`, `+`, `-`, `@`, tab or CR is removed on reading.
   */
  formulaSafe?: readonly string[];
}

const CATALOGUE: ColumnSet = { known: CATALOGUE_COLUMNS, required: REQUIRED_COLUMNS, formulaSafe: CATALOGUE_TEXT_COLUMNS };

function normaliseHeader(h: unknown): string {
  return String(h ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/** Maps header cells to known columns; unknown columns are ignored, missing required ones reported. */
function mapHeader(header: unknown[], set: ColumnSet): { columns: (CatalogueColumn | null)[]; issues: ImportIssue[] } {
  const KNOWN = new Set<string>(set.known);
  const issues: ImportIssue[] = [];
  const seen = new Set<string>();
  const columns = header.map((h) => {
    const name = normaliseHeader(h);
    if (!KNOWN.has(name)) return null;
    if (seen.has(name)) {
      issues.push({ line: 1, column: name, message: 'coluna repetida no cabeçalho' });
      return null;
    }
    seen.add(name);
    return name as CatalogueColumn;
  });
  for (const required of set.required) {
    if (!seen.has(required)) issues.push({ line: 1, message: `falta a coluna obrigatória ${required}` });
  }
  return { columns, issues };
}

function toRow(columns: (CatalogueColumn | null)[], values: unknown[], set: ColumnSet): RawCatalogueRow {
  const cells: RawCatalogueRow = {};
  columns.forEach((column, i) => {
    if (!column) return;
    const v = values[i];
    const text = v === undefined || v === null ? '' : String(v).trim();
    cells[column] = set.formulaSafe?.includes(column) ? fromFormulaSafe(text) : text;
  });
  return cells;
}

function isBlank(values: unknown[]): boolean {
  return values.every((v) => v === undefined || v === null || String(v).trim() === '');
}

/** `;` or `,`: whichever appears more often outside quotes in the header line. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

export function readCsvText(text: string, set: ColumnSet = CATALOGUE): ReadResult {
  const clean = text.replace(/^\uFEFF/, '');
  if (!clean.trim()) return { rows: [], issues: [{ line: 1, message: 'o ficheiro está vazio' }] };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(clean, {
      delimiter: detectDelimiter(clean),
      relax_column_count: true,
      skip_empty_lines: false,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const e = err as { lines?: number; message: string };
    return {
      rows: [],
      issues: [{ line: e.lines ?? 1, message: `CSV mal formado (${e.message.replace(/^Invalid[^:]*:\s*/, '')})` }],
    };
  }
  const [head, ...body] = records;
  if (!head) return { rows: [], issues: [{ line: 1, message: 'o ficheiro está vazio' }] };
  const { columns, issues } = mapHeader(head.record, set);
  const rows: SourceRow[] = [];
  for (const { record, info } of body) {
    if (isBlank(record)) continue;
    rows.push({ line: info.lines, cells: toRow(columns, record, set) });
  }
  return { rows, issues };
}

export function excelCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return excelCellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

export async function readXlsxBuffer(buffer: Buffer | ArrayBuffer, set: ColumnSet = CATALOGUE): Promise<ReadResult> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as ArrayBuffer);
  } catch {
    return { rows: [], issues: [{ line: 1, message: 'não foi possível ler o ficheiro XLSX' }] };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) return { rows: [], issues: [{ line: 1, message: 'o ficheiro está vazio' }] };
  const width = sheet.columnCount;
  const valuesOf = (r: ExcelJS.Row) => Array.from({ length: width }, (_, i) => excelCellText(r.getCell(i + 1).value));
  const { columns, issues } = mapHeader(valuesOf(sheet.getRow(1)), set);
  const rows: SourceRow[] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const values = valuesOf(sheet.getRow(n));
    if (isBlank(values)) continue;
    rows.push({ line: n, cells: toRow(columns, values, set) });
  }
  return { rows, issues };
}

export async function readCatalogueFile(file: string): Promise<ReadResult> {
  const ext = path.extname(file).toLowerCase();
  const buffer = await fs.readFile(file);
  if (ext === '.xlsx') return readXlsxBuffer(buffer);
  if (ext === '.csv' || ext === '.txt' || ext === '') return readCsvText(buffer.toString('utf8'));
  return { rows: [], issues: [{ line: 1, message: `formato de ficheiro não suportado (${ext}); use .csv ou .xlsx` }] };
}
