import 'server-only';
import { isValidNif, normaliseNif } from '@/lib/validation/nif';
import type { ErpClientRule, ErpSyncKind } from '@/server/db/schema';
import { decodeText, isFileError, isZip, tableLimits } from '@/server/files';
import { readTableBytes, readXlsxBuffer, type ColumnSet, type ImportIssue, type ReadResult, type SourceRow } from '@/server/import/read';

/**
 * The two files the ERP (PHC) sends, CSV (`;` or `,`, decimal comma or point, UTF-8)
 * or XLSX (first sheet), columns found by header name, unknown columns ignored:
 *
 * - prices: `model_code` (a model of the catalogue; other codes are skipped), `price` (net EUR without IVA, up to 4
 *   decimals), `discount_group` (e.g. `A1`; empty = none);
 * - clients: `erp_client_id`, `nif` (optional, check digit), `name`, `email` (optional),
 *   `account` (the shop account's name, optional), `discounts` (`A=30|B=20|C1=12,5`: a
 *   percentage per discount group; empty = none).
 *
 * Validation is all-or-nothing: every problem is listed (`Linha 3, coluna price: …`, the header
 * is line 1) and nothing is written while there is one. Prices of articles the catalogue does not
 * have are not problems: those lines are skipped and listed.
 */

export const PRICE_COLUMNS = { known: ['model_code', 'price', 'discount_group'], required: ['model_code', 'price', 'discount_group'] } as const satisfies ColumnSet;
export const CLIENT_COLUMNS = {
  known: ['erp_client_id', 'nif', 'name', 'email', 'account', 'discounts'],
  required: ['erp_client_id', 'name'],
} as const satisfies ColumnSet;

export interface PriceInput {
  line: number;
  code: string;
  /** Net price, 4 decimals as text (`12.5000`). */
  price: string;
  group: string | null;
}

export interface ClientInput {
  line: number;
  erpClientId: string;
  nif: string | null;
  name: string;
  email: string | null;
  accountName: string | null;
  rules: ErpClientRule[];
}

const MAX_REPORT = 500;

/** An ERP export sent by staff: up to 30 MB, 200,000 rows (server/files/limits.ts). */
export const ERP_FILE_LIMITS = tableLimits({ maxBytes: 30 * 1024 * 1024, maxRows: 200_000 });


/** The kind of an ERP file from its header row (its first line or the XLSX's first row). */
export async function detectKind(bytes: Buffer): Promise<ErpSyncKind | null> {
  let header: string;
  if (isZip(bytes)) {
    const probe = await readXlsxBuffer(bytes, { known: [...PRICE_COLUMNS.known, ...CLIENT_COLUMNS.known], required: [] }, ERP_FILE_LIMITS);
    const first = probe.rows[0]?.cells as Record<string, string> | undefined;
    // No data rows: read the names of the columns the header row mapped.
    header = first ? Object.keys(first).join(',') : '';
    if (!header) return null;
  } else {
    header = (decodeText(bytes.subarray(0, 64 * 1024)).replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').toLowerCase();
  }
  if (/(^|[;,"\s])erp_client_id([;,"\s]|$)/.test(header)) return 'clients';
  if (/(^|[;,"\s])model_code([;,"\s]|$)/.test(header)) return 'prices';
  return null;
}

/** The file's rows; a file refused by its limits is one issue on line 1 (a failed run with its reason). */
async function readRows(bytes: Buffer, set: ColumnSet): Promise<ReadResult> {
  try {
    return await readTableBytes(bytes, set, ERP_FILE_LIMITS);
  } catch (err) {
    if (isFileError(err)) return { rows: [], issues: [{ line: 1, message: err.message }] };
    throw err;
  }
}

const cell = (row: SourceRow, column: string): string => ((row.cells as Record<string, string | undefined>)[column] ?? '').trim();

/** `1,25` / `1.25` / `1234.5678` → `1.2500`; null when not a non-negative number of at most 4 decimals. */
export function parseMoney4(raw: string): string | null {
  const text = raw.replace(/\s/g, '').replace(/€$/, '');
  const m = /^(\d{1,8})(?:[.,](\d{1,4}))?$/.exec(text);
  if (!m) return null;
  return `${Number(m[1])}.${(m[2] ?? '').padEnd(4, '0')}`;
}

/** `12,5` → `12.50`; null outside 0–100 or with more than 2 decimals. */
export function parsePercentage(raw: string): string | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(raw.trim().replace(/%$/, '').trim());
  if (!m) return null;
  const value = `${Number(m[1])}.${(m[2] ?? '').padEnd(2, '0')}`;
  return Number(value) <= 100 ? value : null;
}

const GROUP = /^[A-Z0-9][A-Z0-9._-]{0,19}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function push(issues: ImportIssue[], issue: ImportIssue) {
  if (issues.length < MAX_REPORT) issues.push(issue);
}

/** A line left out of a sync because it names something the shop does not have. */
export interface SkippedLine {
  line: number;
  /** The unknown code as the file gives it. */
  code: string;
}

/**
 * Reads and checks a prices file against the catalogue's model codes. An ERP export always holds
 * articles the web shop does not sell: a line whose code is not a model of the catalogue is
 * skipped (listed in `skipped`), not an error. A malformed line (code missing, a price or group
 * that does not parse, a known code twice, a known model at zero) is still an error of its own
 * line and column, and any error refuses the whole file.
 */
export async function readPrices(bytes: Buffer, knownCodes: ReadonlySet<string>): Promise<{ rows: PriceInput[]; issues: ImportIssue[]; skipped: SkippedLine[] }> {
  const read = await readRows(bytes, PRICE_COLUMNS);
  const issues = [...read.issues];
  const skipped: SkippedLine[] = [];
  if (issues.length) return { rows: [], issues, skipped };
  if (read.rows.length === 0) return { rows: [], issues: [{ line: 2, message: 'o ficheiro não tem linhas de preços' }], skipped };
  const seen = new Map<string, number>();
  const rows: PriceInput[] = [];
  for (const row of read.rows) {
    const code = cell(row, 'model_code');
    const price = parseMoney4(cell(row, 'price'));
    const rawGroup = cell(row, 'discount_group').toUpperCase();
    const known = code !== '' && knownCodes.has(code);
    if (!code) push(issues, { line: row.line, column: 'model_code', message: 'código em falta' });
    else if (known && seen.has(code)) push(issues, { line: row.line, column: 'model_code', message: `código repetido (já na linha ${seen.get(code)})` });
    if (price === null) push(issues, { line: row.line, column: 'price', message: 'preço inválido (número positivo com até 4 casas decimais)' });
    else if (known && Number(price) <= 0) push(issues, { line: row.line, column: 'price', message: 'o preço tem de ser maior do que zero' });
    if (rawGroup && !GROUP.test(rawGroup)) push(issues, { line: row.line, column: 'discount_group', message: 'grupo de desconto inválido' });
    if (!known) {
      if (code) skipped.push({ line: row.line, code });
      continue;
    }
    seen.set(code, seen.get(code) ?? row.line);
    if (price) rows.push({ line: row.line, code, price, group: rawGroup || null });
  }
  return { rows, issues, skipped };
}

/** `A=30|B=20|C1=12,5` → rules (groups unique, 0–100 %). */
function parseRules(raw: string): { rules: ErpClientRule[]; error: string | null } {
  const rules: ErpClientRule[] = [];
  if (!raw) return { rules, error: null };
  const groups = new Set<string>();
  for (const part of raw.split('|').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([^=]+)=(.+)$/.exec(part);
    const group = m?.[1]?.trim().toUpperCase() ?? '';
    const percentage = m ? parsePercentage(m[2] ?? '') : null;
    if (!m || !GROUP.test(group)) return { rules, error: `desconto mal escrito («${part}»; use GRUPO=percentagem, separados por |)` };
    if (percentage === null) return { rules, error: `percentagem inválida para ${group} (0 a 100, até 2 casas decimais)` };
    if (groups.has(group)) return { rules, error: `grupo repetido (${group})` };
    groups.add(group);
    rules.push({ group, percentage });
  }
  rules.sort((a, b) => a.group.localeCompare(b.group));
  return { rules, error: null };
}

/** Reads and checks a clients file (all-or-nothing). */
export async function readClients(bytes: Buffer): Promise<{ rows: ClientInput[]; issues: ImportIssue[] }> {
  const read = await readRows(bytes, CLIENT_COLUMNS);
  const issues = [...read.issues];
  if (issues.length) return { rows: [], issues };
  if (read.rows.length === 0) return { rows: [], issues: [{ line: 2, message: 'o ficheiro não tem linhas de clientes' }] };
  const seen = new Map<string, number>();
  const rows: ClientInput[] = [];
  for (const row of read.rows) {
    const erpClientId = cell(row, 'erp_client_id');
    const rawNif = cell(row, 'nif');
    const name = cell(row, 'name');
    const email = cell(row, 'email').toLowerCase();
    const accountName = cell(row, 'account');
    const { rules, error } = parseRules(cell(row, 'discounts'));
    if (!erpClientId) push(issues, { line: row.line, column: 'erp_client_id', message: 'número de cliente em falta' });
    else if (erpClientId.length > 40) push(issues, { line: row.line, column: 'erp_client_id', message: 'número de cliente demasiado longo (máximo 40)' });
    else if (seen.has(erpClientId)) push(issues, { line: row.line, column: 'erp_client_id', message: `cliente repetido (já na linha ${seen.get(erpClientId)})` });
    if (rawNif && !isValidNif(rawNif)) push(issues, { line: row.line, column: 'nif', message: 'NIF inválido (dígito de controlo)' });
    if (!name) push(issues, { line: row.line, column: 'name', message: 'nome em falta' });
    else if (name.length > 200) push(issues, { line: row.line, column: 'name', message: 'nome demasiado longo (máximo 200)' });
    if (email && (!EMAIL.test(email) || email.length > 254)) push(issues, { line: row.line, column: 'email', message: 'e-mail inválido' });
    if (accountName.length > 100) push(issues, { line: row.line, column: 'account', message: 'nome de conta demasiado longo (máximo 100)' });
    if (error) push(issues, { line: row.line, column: 'discounts', message: error });
    if (erpClientId) seen.set(erpClientId, seen.get(erpClientId) ?? row.line);
    rows.push({ line: row.line, erpClientId, nif: rawNif ? normaliseNif(rawNif) : null, name, email: email || null, accountName: accountName || null, rules });
  }
  return { rows, issues };
}
