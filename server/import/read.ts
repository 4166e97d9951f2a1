import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CsvSyntaxError, detectDelimiter, isFileError, readCsvRecords, readTableFile, readXlsxTable, tableLimits, type TableLimits, type TableRow } from '@/server/files';
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

/** The catalogue's bounds for a file sent over HTTP (server/files/limits.ts). */
export const CATALOGUE_FILE_LIMITS: TableLimits = tableLimits({ maxBytes: 30 * 1024 * 1024, maxRows: 100_000, maxColumns: 200 });
/** A file the operator imports from the command line: larger, but still bounded. */
const CLI_FILE_LIMITS: TableLimits = tableLimits({ maxBytes: 512 * 1024 * 1024, maxRows: 1_000_000, maxEntryBytes: 1024 * 1024 * 1024, maxTotalBytes: 1536 * 1024 * 1024 });

export { detectDelimiter };

/** Rows of a file (header first) mapped to the columns of `set`. */
function readRecords(records: TableRow[], set: ColumnSet): ReadResult {
  const [head, ...body] = records;
  if (!head) return { rows: [], issues: [{ line: 1, message: 'o ficheiro está vazio' }] };
  const { columns, issues } = mapHeader(head.values, set);
  const rows: SourceRow[] = [];
  for (const { values, line } of body) {
    if (isBlank(values)) continue;
    rows.push({ line, cells: toRow(columns, values, set) });
  }
  return { rows, issues };
}

/** A CSV text (already decoded) within `limits`. */
export function readCsvText(text: string, set: ColumnSet = CATALOGUE, limits: TableLimits = CATALOGUE_FILE_LIMITS): ReadResult {
  const clean = text.replace(/^\uFEFF/, '');
  if (!clean.trim()) return { rows: [], issues: [{ line: 1, message: 'o ficheiro está vazio' }] };
  try {
    return readRecords(readCsvRecords(clean, limits), set);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { rows: [], issues: [{ line: err.line, message: `CSV mal formado (${err.reason})` }] };
    throw err;
  }
}

/** The first sheet of an XLSX within `limits` (a refused file throws its 4xx AppError). */
export async function readXlsxBuffer(buffer: Buffer | ArrayBuffer, set: ColumnSet = CATALOGUE, limits: TableLimits = CATALOGUE_FILE_LIMITS): Promise<ReadResult> {
  const bytes = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer);
  const records = await readXlsxTable(bytes, limits);
  if (records.length === 0) return { rows: [], issues: [{ line: 1, message: 'o ficheiro está vazio' }] };
  return readRecords(records, set);
}

/** A CSV or XLSX file (told apart by content) within `limits`. */
export async function readTableBytes(bytes: Buffer, set: ColumnSet = CATALOGUE, limits: TableLimits = CATALOGUE_FILE_LIMITS): Promise<ReadResult> {
  if (bytes.length === 0) return { rows: [], issues: [{ line: 1, message: 'o ficheiro está vazio' }] };
  try {
    return readRecords(await readTableFile(bytes, limits), set);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { rows: [], issues: [{ line: err.line, message: `CSV mal formado (${err.reason})` }] };
    throw err;
  }
}

export async function readCatalogueFile(file: string): Promise<ReadResult> {
  const ext = path.extname(file).toLowerCase();
  if (ext !== '.xlsx' && ext !== '.csv' && ext !== '.txt' && ext !== '') {
    return { rows: [], issues: [{ line: 1, message: `formato de ficheiro não suportado (${ext}); use .csv ou .xlsx` }] };
  }
  const buffer = await fs.readFile(file);
  try {
    return await readTableBytes(buffer, CATALOGUE, CLI_FILE_LIMITS);
  } catch (err) {
    if (isFileError(err)) return { rows: [], issues: [{ line: 1, message: err.message }] };
    throw err;
  }
}
