import 'server-only';
import { and, eq, inArray, or } from 'drizzle-orm';
import { normaliseNif, isValidNif } from '@/lib/validation/nif';
import { dateField, discountGroupField, percentageField } from '@/lib/validation/people';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { invalidateCache } from '@/server/cache/invalidate';
import { getDb, type DbOrTx } from '@/server/db/client';
import { priceRules, proAccounts } from '@/server/db/schema';
import { CsvSyntaxError, isFileError, readTableFile, tableLimits } from '@/server/files';
import { pricingTags } from '@/server/pricing';
import { ACCOUNT_ENTITY } from './accounts';

/**
 * Bulk import of price rules for many professional accounts from a CSV or XLSX file:
 * one line per rule — the account (`nif` or `erp`, the ERP client id), `grupo` (discount group),
 * `percentagem`, optional `inicio` / `fim` (YYYY-MM-DD or DD/MM/YYYY). All-or-nothing: any bad line
 * and nothing is written, with a report `Linha N, coluna X: motivo`. A line whose account does not
 * exist in the shop (an ERP client or NIF no account carries) is not a bad line: it is skipped and
 * listed, the rest is imported. For each account in the file,
 * its rules on the groups the file names are replaced by the file's lines (other groups stay).
 * The preview is what apply does (the same function, rolled back); apply invalidates the
 * affected accounts' pricing tags.
 */

export const RULES_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const RULES_IMPORT_MAX_LINES = 20_000;

type Column = 'nif' | 'erp' | 'grupo' | 'percentagem' | 'inicio' | 'fim';
const HEADERS: Record<string, Column> = {
  nif: 'nif',
  conta_nif: 'nif',
  erp: 'erp',
  phc: 'erp',
  cliente_erp: 'erp',
  erp_client_id: 'erp',
  grupo: 'grupo',
  grupo_desconto: 'grupo',
  discount_group: 'grupo',
  percentagem: 'percentagem',
  desconto: 'percentagem',
  percentage: 'percentagem',
  inicio: 'inicio',
  valid_from: 'inicio',
  desde: 'inicio',
  fim: 'fim',
  valid_to: 'fim',
  ate: 'fim',
};

export interface RulesImportLine {
  line: number;
  accountId: number;
  accountName: string;
  discountGroup: string;
  discountPercentage: string;
  validFrom: string | null;
  validTo: string | null;
}

export interface RulesImportAccount {
  accountId: number;
  name: string;
  /** Rules of the file for this account. */
  rules: number;
  /** Existing rules (on the same groups) that the file replaces. */
  replaced: number;
}

/** A line skipped because no account of the shop has its ERP client or NIF. */
export interface RulesSkippedLine {
  line: number;
  column: 'erp' | 'nif';
  code: string;
}

export type RulesImportResult =
  | { ok: true; applied: boolean; lines: number; accounts: RulesImportAccount[]; skipped: RulesSkippedLine[] }
  | { ok: false; errors: string[] };

interface Table {
  rows: { line: number; cells: Partial<Record<Column, string>> }[];
  errors: string[];
}

const headerKey = (h: unknown) =>
  String(h ?? '')
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s-]+/g, '_');

function tableOf(records: { line: number; values: unknown[] }[]): Table {
  const [head, ...body] = records;
  if (!head) return { rows: [], errors: ['Linha 1: o ficheiro está vazio'] };
  const errors: string[] = [];
  const seen = new Set<Column>();
  const columns = head.values.map((h) => {
    const c = HEADERS[headerKey(h)];
    if (!c) return null;
    if (seen.has(c)) {
      errors.push(`Linha 1, coluna ${String(h).trim()}: coluna repetida no cabeçalho`);
      return null;
    }
    seen.add(c);
    return c;
  });
  if (!seen.has('nif') && !seen.has('erp')) errors.push('Linha 1: falta a coluna da conta (nif ou erp)');
  if (!seen.has('grupo')) errors.push('Linha 1: falta a coluna grupo');
  if (!seen.has('percentagem')) errors.push('Linha 1: falta a coluna percentagem');
  const rows: Table['rows'] = [];
  for (const r of body) {
    if (r.values.every((v) => v === null || v === undefined || String(v).trim() === '')) continue;
    const cells: Partial<Record<Column, string>> = {};
    columns.forEach((c, i) => {
      if (c) cells[c] = String(r.values[i] ?? '').trim();
    });
    rows.push({ line: r.line, cells });
  }
  return { rows, errors };
}

/** The file's bounds (server/files/limits.ts): 5 MB, the header and 20,000 rule lines, 50 columns. */
const RULES_FILE_LIMITS = tableLimits({ maxBytes: RULES_IMPORT_MAX_BYTES, maxRows: RULES_IMPORT_MAX_LINES + 1, maxColumns: 50 });

async function readTable(bytes: Buffer, fileName: string): Promise<Table> {
  try {
    return tableOf(await readTableFile(bytes, RULES_FILE_LIMITS, fileName));
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { rows: [], errors: [`Linha ${err.line}: CSV mal formado`] };
    // A refused file (too large, too many lines, a damaged or macro-enabled workbook…): its reason.
    if (isFileError(err)) return { rows: [], errors: [err.message] };
    throw err;
  }
}

/** DD/MM/YYYY → YYYY-MM-DD; anything else as typed. */
function isoDate(v: string): string {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : v.trim();
}

/** Validates every line against the accounts in the database: the rules to write, or the report. */
export async function validateRulesFile(db: DbOrTx, bytes: Buffer, fileName: string): Promise<{ lines: RulesImportLine[]; errors: string[]; skipped: RulesSkippedLine[] }> {
  const skipped: RulesSkippedLine[] = [];
  if (bytes.length > RULES_IMPORT_MAX_BYTES) return { lines: [], errors: ['Linha 1: o ficheiro é demasiado grande (máximo 5 MB)'], skipped };
  const table = await readTable(bytes, fileName);
  const errors = [...table.errors];
  if (errors.length) return { lines: [], errors, skipped };
  if (table.rows.length === 0) return { lines: [], errors: ['Linha 2: o ficheiro não tem linhas de regras'], skipped };
  if (table.rows.length > RULES_IMPORT_MAX_LINES) return { lines: [], errors: [`Linha ${RULES_IMPORT_MAX_LINES + 2}: demasiadas linhas (máximo ${RULES_IMPORT_MAX_LINES})`], skipped };

  const nifs = [...new Set(table.rows.map((r) => normaliseNif(r.cells.nif ?? '')).filter(Boolean))];
  const erps = [...new Set(table.rows.map((r) => (r.cells.erp ?? '').trim()).filter(Boolean))];
  const conds = [];
  if (nifs.length) conds.push(inArray(proAccounts.nif, nifs));
  if (erps.length) conds.push(inArray(proAccounts.phcClientId, erps));
  const accounts = conds.length ? await db.select({ id: proAccounts.id, name: proAccounts.name, nif: proAccounts.nif, erp: proAccounts.phcClientId }).from(proAccounts).where(or(...conds)) : [];
  const byNif = new Map<string, typeof accounts>();
  const byErp = new Map<string, typeof accounts>();
  for (const a of accounts) {
    if (a.nif) byNif.set(a.nif, [...(byNif.get(a.nif) ?? []), a]);
    if (a.erp) byErp.set(a.erp, [...(byErp.get(a.erp) ?? []), a]);
  }

  const lines: RulesImportLine[] = [];
  const keys = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const lineErrors: string[] = [];
    let account: (typeof accounts)[number] | undefined;
    let unknown: RulesSkippedLine | null = null;
    const erp = (cells.erp ?? '').trim();
    const nifRaw = (cells.nif ?? '').trim();
    if (erp) {
      const found = byErp.get(erp) ?? [];
      if (found.length === 0) unknown = { line, column: 'erp', code: erp };
      else if (found.length > 1) lineErrors.push(`Linha ${line}, coluna erp: há ${found.length} contas com o cliente ERP ${erp}`);
      else account = found[0];
    } else if (nifRaw) {
      const nif = normaliseNif(nifRaw);
      if (!isValidNif(nif)) lineErrors.push(`Linha ${line}, coluna nif: NIF inválido`);
      else {
        const found = byNif.get(nif) ?? [];
        if (found.length === 0) unknown = { line, column: 'nif', code: nif };
        else if (found.length > 1) lineErrors.push(`Linha ${line}, coluna nif: há ${found.length} contas com o NIF ${nif}; use a coluna erp`);
        else account = found[0];
      }
    } else lineErrors.push(`Linha ${line}, coluna nif: indique o NIF ou o cliente ERP da conta`);

    const group = discountGroupField.safeParse(cells.grupo ?? '');
    if (!group.success) lineErrors.push(`Linha ${line}, coluna grupo: grupo de desconto inválido`);
    const pct = percentageField.safeParse(cells.percentagem ?? '');
    if (!pct.success) lineErrors.push(`Linha ${line}, coluna percentagem: percentagem entre 0 e 100, até duas casas decimais`);
    const from = dateField.safeParse(isoDate(cells.inicio ?? ''));
    if (!from.success) lineErrors.push(`Linha ${line}, coluna inicio: data inválida (AAAA-MM-DD ou DD/MM/AAAA)`);
    const to = dateField.safeParse(isoDate(cells.fim ?? ''));
    if (!to.success) lineErrors.push(`Linha ${line}, coluna fim: data inválida (AAAA-MM-DD ou DD/MM/AAAA)`);
    if (from.success && to.success && from.data && to.data && from.data > to.data) lineErrors.push(`Linha ${line}, coluna fim: a data de fim é anterior à de início`);
    if (lineErrors.length || !account || !group.success || !pct.success || !from.success || !to.success) {
      errors.push(...lineErrors);
      // A well-written line of an account the shop does not have: skipped and listed, not refused.
      if (unknown && lineErrors.length === 0) skipped.push(unknown);
      continue;
    }
    const key = `${account.id}|${group.data}|${from.data ?? ''}|${to.data ?? ''}`;
    const earlier = keys.get(key);
    if (earlier) {
      errors.push(`Linha ${line}, coluna grupo: repete a linha ${earlier} (mesma conta, grupo e datas)`);
      continue;
    }
    keys.set(key, line);
    lines.push({ line, accountId: account.id, accountName: account.name, discountGroup: group.data, discountPercentage: pct.data, validFrom: from.data, validTo: to.data });
  }
  return { lines, errors, skipped };
}

class PreviewRollback extends Error {}

/**
 * Validates the file and, with `apply`, writes it in one transaction (all lines or none). Without
 * `apply` the same writes run and are rolled back, so the preview counts are what apply does.
 */
export async function importPriceRules(bytes: Buffer, fileName: string, options: { apply: boolean; actor: AuditActor }): Promise<RulesImportResult> {
  const db = await getDb();
  let summary: RulesImportAccount[] = [];
  let skippedLines: RulesSkippedLine[] = [];
  let lineCount = 0;
  let failure: string[] | null = null;
  try {
    await db.transaction(async (tx) => {
      const { lines, errors, skipped } = await validateRulesFile(tx, bytes, fileName);
      skippedLines = skipped;
      if (errors.length) {
        failure = errors.slice(0, 200);
        if (errors.length > 200) failure.push(`… e mais ${errors.length - 200} erros`);
        throw new PreviewRollback();
      }
      lineCount = lines.length;
      const byAccount = new Map<number, RulesImportLine[]>();
      for (const l of lines) byAccount.set(l.accountId, [...(byAccount.get(l.accountId) ?? []), l]);
      summary = [];
      for (const [accountId, rules] of byAccount) {
        await tx.select({ id: proAccounts.id }).from(proAccounts).where(eq(proAccounts.id, accountId)).for('update');
        const groups = [...new Set(rules.map((r) => r.discountGroup))];
        const removed = await tx.delete(priceRules).where(and(eq(priceRules.accountId, accountId), inArray(priceRules.discountGroup, groups))).returning({ id: priceRules.id });
        await tx.insert(priceRules).values(rules.map((r) => ({ accountId, discountGroup: r.discountGroup, discountPercentage: r.discountPercentage, validFrom: r.validFrom, validTo: r.validTo })));
        summary.push({ accountId, name: rules[0]!.accountName, rules: rules.length, replaced: removed.length });
        await recordAudit(tx, { actor: options.actor, entity: ACCOUNT_ENTITY, entityId: accountId, action: 'import', summary: `Importação de regras de preço (${fileName.slice(0, 80)}): ${rules.length} regras, ${removed.length} substituídas` });
      }
      summary.sort((a, b) => a.name.localeCompare(b.name, 'pt'));
      if (!options.apply) throw new PreviewRollback();
      await invalidateCache(
        [...byAccount.keys()].map((id) => pricingTags.account(id)),
        { reason: 'price-rules-import', db: tx },
      );
    });
  } catch (err) {
    if (!(err instanceof PreviewRollback)) throw err;
  }
  if (failure) return { ok: false, errors: failure };
  return { ok: true, applied: options.apply, lines: lineCount, accounts: summary, skipped: skippedLines };
}
