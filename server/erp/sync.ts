import 'server-only';
import { createHash } from 'node:crypto';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/viewer';
import { recordAudit } from '@/server/admin/audit';
import { invalidateCache } from '@/server/cache/invalidate';
import { CATALOGUE_WIDE_TAGS, cacheTags } from '@/server/cache/tags';
import { recordCatalogueChanges, type CatalogueChangeInput } from '@/server/catalogue/changes';
import { refreshProductDerived } from '@/server/catalogue/derived';
import { getDb, type DbOrTx, type Tx } from '@/server/db/client';
import { fromExcluded } from '@/server/db/upsert';
import {
  erpClients,
  erpSyncRuns,
  families,
  inventoryProducts,
  priceRules,
  proAccounts,
  products,
  type ErpClientRule,
  type ErpSyncCounts,
  type ErpSyncKind,
  type ErpSyncSource,
} from '@/server/db/schema';
import { formatIssue } from '@/server/import/read';
import { pricingTags } from '@/server/pricing';
import { isFileError } from '@/server/files';
import { getStorage } from '@/server/storage';
import { detectKind, readClients, readPrices, type ClientInput, type PriceInput, type SkippedLine } from './format';
import { skippedCsv, skippedReport, skippedRunKey } from './skipped';
import { logger } from '@/server/log';

const log = logger('erp');

/**
 * The ERP (PHC) sync. A file of prices or clients is read and checked all-or-nothing
 * (format.ts), compared with the database (the preview), and applied in ONE transaction: prices
 * into `inventory_products` (with a change-log row per price, source 'erp'), clients into
 * `erp_clients` and, for the clients linked to a shop account, the account's name, NIF and price
 * rules. The comparison made inside that transaction is what is applied, so the preview shown
 * before equals what apply does when nothing changed meanwhile; a file applied twice changes
 * nothing the second time. Caches follow: prices → `pricing` and the catalogue's tags (the
 * products' derived price ranges change; their `version` is bumped);
 * clients → `pricing:account:<id>` of the accounts whose rules changed only (every other
 * account's cached prices stay). Every run (applied or refused) is recorded in `erp_sync_runs`.
 */

export type SyncActor = Pick<Viewer, 'id' | 'email' | 'displayName'> | null;

export interface PriceChange {
  code: string;
  name: string;
  productCode: string;
  /** Net prices, 4 decimals as text. */
  before: string;
  after: string;
  /** Relative move (0.1 = +10 %). */
  move: number;
  groupBefore: string | null;
  groupAfter: string | null;
}

export interface PricesPreview {
  kind: 'prices';
  counts: ErpSyncCounts & { skipped: number };
  /** Every change, the largest relative moves first (group-only changes last). */
  changes: PriceChange[];
  /** Lines of articles the catalogue does not have: skipped, not applied. */
  skipped: SkippedLine[];
}

export interface ClientChange {
  erpClientId: string;
  name: string;
  nif: string | null;
  email: string | null;
  /** Fields that changed (for a changed client). */
  fields: string[];
  accountId: number | null;
}

export interface ClientsPreview {
  kind: 'clients';
  counts: ErpSyncCounts & { skipped: number };
  /** Every client of a file is recorded (an ERP client without a shop account is "unlinked"): none skipped. */
  skipped: SkippedLine[];
  created: ClientChange[];
  changed: ClientChange[];
  missing: { erpClientId: string; name: string; accountId: number | null }[];
  /** Shop accounts whose price rules this sync changes (their cached prices are dropped). */
  accountsRepriced: number[];
}

export type SyncPreview = PricesPreview | ClientsPreview;

export type ReadOutcome =
  | { ok: true; kind: ErpSyncKind; sha256: string; preview: SyncPreview }
  | { ok: false; kind: ErpSyncKind | null; sha256: string; report: string[] };

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Prices

interface ModelFacts {
  id: number;
  code: string;
  name: string;
  price: string;
  group: string | null;
  productId: number;
  productCode: string;
  productName: string;
  familyId: number;
  chapterCode: number;
}

async function readModels(db: DbOrTx): Promise<Map<string, ModelFacts>> {
  const rows = await db
    .select({
      id: inventoryProducts.id,
      code: inventoryProducts.code,
      name: inventoryProducts.name,
      price: inventoryProducts.price,
      group: inventoryProducts.discountGroup,
      productId: products.id,
      productCode: products.productCode,
      productName: products.name,
      familyId: products.familyId,
      chapterCode: families.chapterCode,
    })
    .from(inventoryProducts)
    .innerJoin(products, eq(products.id, inventoryProducts.productId))
    .innerJoin(families, eq(families.id, products.familyId));
  return new Map(rows.map((r) => [r.code, r]));
}

const price4 = (v: string) => Number(v).toFixed(4);

function pricesPreview(rows: readonly PriceInput[], models: Map<string, ModelFacts>, skipped: SkippedLine[]): PricesPreview {
  const changes: PriceChange[] = [];
  for (const r of rows) {
    const m = models.get(r.code);
    if (!m) continue;
    const before = price4(m.price);
    if (before === r.price && (m.group ?? null) === r.group) continue;
    const b = Number(before);
    changes.push({
      code: r.code,
      name: m.name,
      productCode: m.productCode,
      before,
      after: r.price,
      move: b > 0 ? Number(((Number(r.price) - b) / b).toFixed(6)) : 0,
      groupBefore: m.group ?? null,
      groupAfter: r.group,
    });
  }
  changes.sort((a, b) => Math.abs(b.move) - Math.abs(a.move) || a.code.localeCompare(b.code));
  const inFile = new Set(rows.map((r) => r.code));
  let missing = 0;
  for (const code of models.keys()) if (!inFile.has(code)) missing++;
  return {
    kind: 'prices',
    counts: { rows: rows.length + skipped.length, created: 0, changed: changes.length, unchanged: rows.length - changes.length, missing, skipped: skipped.length },
    changes,
    skipped,
  };
}

async function applyPrices(tx: Tx, preview: PricesPreview, models: Map<string, ModelFacts>, actor: SyncActor): Promise<string[]> {
  const changes = preview.changes;
  for (let i = 0; i < changes.length; i += 2000) {
    const slice = changes.slice(i, i + 2000);
    const values = sql.join(
      slice.map((c) => sql`(${c.code}, ${c.after}::numeric, ${c.groupAfter}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update inventory_products as ip
         set price = v.price, discount_group = v.grp, updated_at = now()
        from (values ${values}) as v(code, price, grp)
       where ip.code = v.code`);
  }
  const log: CatalogueChangeInput[] = [];
  for (const c of changes) {
    const m = models.get(c.code)!;
    const base = { chapterCode: m.chapterCode, familyId: m.familyId, productId: m.productId, productCode: m.productCode, productName: m.productName, modelCode: c.code };
    if (c.before !== c.after) log.push({ ...base, kind: 'price', field: 'price', before: c.before, after: c.after });
    if (c.groupBefore !== c.groupAfter) log.push({ ...base, kind: 'text', field: 'discount_group', before: c.groupBefore, after: c.groupAfter });
  }
  await recordCatalogueChanges(tx, { source: 'erp', actor: actor ?? undefined }, log);
  if (changes.length === 0) return [];
  const productIds = [...new Set(changes.map((c) => models.get(c.code)!.productId))];
  // The products' derived price range and discount group follow their models, and their version
  // moves on: a staff form opened before the sync cannot save the old prices back over it.
  await refreshProductDerived(tx, productIds);
  for (let i = 0; i < productIds.length; i += 5000) {
    const slice = productIds.slice(i, i + 5000);
    await tx.execute(sql`update products set version = version + 1 where id = any(${`{${slice.join(',')}}`}::int[])`);
  }
  // Prices are in no cached page (they come from the private pricing API), but listings sort and
  // filter by the derived price range and cached data (feeds) carry prices: the catalogue's tags.
  return [pricingTags.all, ...CATALOGUE_WIDE_TAGS, ...(productIds.length <= 500 ? [...new Set(changes.map((c) => cacheTags.product(c.productCode)))] : [])];
}

// ---------------------------------------------------------------------------------------------
// Clients

/** A client as the last sync stored it: the file's fields, the account it is linked to, since when it left the file. */
type StoredClient = Omit<ClientInput, 'line'> & {
  accountId: number | null;
  missingSince: Date | null;
};

async function readStoredClients(db: DbOrTx): Promise<Map<string, StoredClient>> {
  const rows = await db
    .select({
      erpClientId: erpClients.erpClientId,
      nif: erpClients.nif,
      name: erpClients.name,
      email: erpClients.email,
      accountName: erpClients.accountName,
      rules: erpClients.rules,
      accountId: erpClients.accountId,
      missingSince: erpClients.missingSince,
    })
    .from(erpClients);
  return new Map(rows.map((r) => [r.erpClientId, r]));
}

/** ERP id → shop account carrying it (`pro_accounts.phc_client_id`). */
async function accountsByErpId(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ id: proAccounts.id, erp: proAccounts.phcClientId }).from(proAccounts).where(sql`${proAccounts.phcClientId} is not null`);
  return new Map(rows.map((r) => [r.erp!, r.id]));
}

/** The rules of each account, as the ERP writes them (undated ones; dated rules are the shop's own). */
async function rulesOfAccounts(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ accountId: priceRules.accountId, group: priceRules.discountGroup, pct: priceRules.discountPercentage })
    .from(priceRules)
    .where(sql`${priceRules.accountId} in ${ids} and ${priceRules.validFrom} is null and ${priceRules.validTo} is null`);
  const by = new Map<number, ErpClientRule[]>();
  for (const r of rows) {
    const list = by.get(r.accountId) ?? [];
    list.push({ group: r.group, percentage: Number(r.pct).toFixed(2) });
    by.set(r.accountId, list);
  }
  for (const id of ids) out.set(id, rulesKey(by.get(id) ?? []));
  return out;
}

const rulesKey = (rules: readonly ErpClientRule[]) =>
  [...rules]
    .sort((a, b) => a.group.localeCompare(b.group))
    .map((r) => `${r.group}=${Number(r.percentage).toFixed(2)}`)
    .join('|');

interface ClientPlan {
  preview: ClientsPreview;
  rows: readonly ClientInput[];
  /** Account id per ERP id for the clients of the file (stored link, else the account carrying the id). */
  links: Map<string, number | null>;
}

async function clientsPlan(db: DbOrTx, rows: readonly ClientInput[]): Promise<ClientPlan> {
  const stored = await readStoredClients(db);
  const byErpId = await accountsByErpId(db);
  const links = new Map<string, number | null>();
  for (const r of rows) links.set(r.erpClientId, stored.get(r.erpClientId)?.accountId ?? byErpId.get(r.erpClientId) ?? null);
  const linkedIds = [...new Set([...links.values()].filter((v): v is number => v !== null))];
  const currentRules = await rulesOfAccounts(db, linkedIds);
  const created: ClientChange[] = [];
  const changed: ClientChange[] = [];
  const repriced = new Set<number>();
  for (const r of rows) {
    const before = stored.get(r.erpClientId);
    const accountId = links.get(r.erpClientId) ?? null;
    const change: ClientChange = { erpClientId: r.erpClientId, name: r.name, nif: r.nif, email: r.email, fields: [], accountId };
    if (accountId !== null && currentRules.get(accountId) !== rulesKey(r.rules)) repriced.add(accountId);
    if (!before) {
      created.push(change);
      continue;
    }
    if (before.nif !== r.nif) change.fields.push('nif');
    if (before.name !== r.name) change.fields.push('name');
    if (before.email !== r.email) change.fields.push('email');
    if (before.accountName !== r.accountName) change.fields.push('account');
    if (rulesKey(before.rules) !== rulesKey(r.rules)) change.fields.push('discounts');
    if (before.missingSince) change.fields.push('returned');
    if (before.accountId !== accountId) change.fields.push('link');
    if (accountId !== null && repriced.has(accountId) && !change.fields.includes('discounts')) change.fields.push('discounts');
    if (change.fields.length) changed.push(change);
  }
  const inFile = new Set(rows.map((r) => r.erpClientId));
  const missing = [...stored.values()]
    .filter((c) => !inFile.has(c.erpClientId) && c.missingSince === null)
    .map((c) => ({ erpClientId: c.erpClientId, name: c.name, accountId: c.accountId }))
    .sort((a, b) => a.erpClientId.localeCompare(b.erpClientId));
  const byId = (a: ClientChange, b: ClientChange) => a.erpClientId.localeCompare(b.erpClientId);
  return {
    rows,
    links,
    preview: {
      kind: 'clients',
      counts: { rows: rows.length, created: created.length, changed: changed.length, unchanged: rows.length - created.length - changed.length, missing: missing.length, skipped: 0 },
      skipped: [],
      created: created.sort(byId),
      changed: changed.sort(byId),
      missing,
      accountsRepriced: [...repriced].sort((a, b) => a - b),
    },
  };
}

/** Writes an account's rules as the ERP gives them (its undated rules replaced; dated ones stay). */
export async function writeAccountRules(tx: Tx, accountId: number, rules: readonly ErpClientRule[]): Promise<void> {
  await tx.delete(priceRules).where(sql`${priceRules.accountId} = ${accountId} and ${priceRules.validFrom} is null and ${priceRules.validTo} is null`);
  if (rules.length) await tx.insert(priceRules).values(rules.map((r) => ({ accountId, discountGroup: r.group, discountPercentage: r.percentage })));
}

async function applyClients(tx: Tx, plan: ClientPlan): Promise<string[]> {
  const now = new Date();
  const touched = new Set([...plan.preview.created, ...plan.preview.changed].map((c) => c.erpClientId));
  const write = plan.rows.filter((r) => touched.has(r.erpClientId));
  for (let i = 0; i < write.length; i += 1000) {
    await tx
      .insert(erpClients)
      .values(
        write.slice(i, i + 1000).map((r) => ({
          erpClientId: r.erpClientId,
          nif: r.nif,
          name: r.name,
          email: r.email,
          accountName: r.accountName,
          rules: r.rules,
          accountId: plan.links.get(r.erpClientId) ?? null,
          missingSince: null,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: erpClients.erpClientId,
        set: {
          ...fromExcluded(erpClients, ['nif', 'name', 'email', 'accountName', 'rules', 'accountId']),
          missingSince: null,
          updatedAt: now,
        },
      });
  }
  const missingIds = plan.preview.missing.map((m) => m.erpClientId);
  for (let i = 0; i < missingIds.length; i += 1000) {
    await tx
      .update(erpClients)
      .set({ missingSince: now, updatedAt: now })
      .where(sql`${inArray(erpClients.erpClientId, missingIds.slice(i, i + 1000))} and ${isNull(erpClients.missingSince)}`);
  }
  // Linked accounts: name, fiscal name and NIF follow the ERP; rules only where they differ.
  const repriced = new Set(plan.preview.accountsRepriced);
  for (const r of write) {
    const accountId = plan.links.get(r.erpClientId);
    if (accountId == null) continue;
    await tx
      .update(proAccounts)
      .set({ name: r.accountName ?? r.name, fiscalName: r.name, nif: r.nif, phcClientId: r.erpClientId, version: sql`${proAccounts.version} + 1`, updatedAt: now })
      .where(eq(proAccounts.id, accountId));
  }
  for (const r of plan.rows) {
    const accountId = plan.links.get(r.erpClientId);
    if (accountId == null || !repriced.has(accountId)) continue;
    await writeAccountRules(tx, accountId, r.rules);
    // Rules are part of the account's record: a staff form opened before the sync cannot save old ones back.
    if (!touched.has(r.erpClientId)) await tx.update(proAccounts).set({ version: sql`${proAccounts.version} + 1`, updatedAt: now }).where(eq(proAccounts.id, accountId));
  }
  return [...repriced].map((id) => pricingTags.account(id));
}

// ---------------------------------------------------------------------------------------------
// The use cases

async function validate(
  db: DbOrTx,
  bytes: Buffer,
  kind: ErpSyncKind,
): Promise<{ issues: string[]; prices?: PriceInput[]; clients?: ClientInput[]; models?: Map<string, ModelFacts>; skipped?: SkippedLine[] }> {
  if (kind === 'prices') {
    const models = await readModels(db);
    const { rows, issues, skipped } = await readPrices(bytes, new Set(models.keys()));
    return { issues: issues.map(formatIssue), prices: rows, models, skipped };
  }
  const { rows, issues } = await readClients(bytes);
  return { issues: issues.map(formatIssue), clients: rows };
}

/** The kind of a file (the hint, or its header); a file its limits refuse gives the reason instead. */
async function kindOf(bytes: Buffer, hint: ErpSyncKind | null | undefined): Promise<{ kind: ErpSyncKind | null } | { refused: string }> {
  if (hint) return { kind: hint };
  try {
    return { kind: await detectKind(bytes) };
  } catch (err) {
    if (isFileError(err)) return { refused: `Linha 1: ${err.message}` };
    throw err;
  }
}

/** Reads, checks and compares a file with the database; writes nothing. */
export async function previewErpFile(bytes: Buffer, kindHint?: ErpSyncKind | null): Promise<ReadOutcome> {
  const hash = sha256(bytes);
  const detected = await kindOf(bytes, kindHint);
  if ('refused' in detected) return { ok: false, kind: null, sha256: hash, report: [detected.refused] };
  const { kind } = detected;
  if (!kind) return { ok: false, kind: null, sha256: hash, report: ['Linha 1: ficheiro não reconhecido (o cabeçalho deve ter model_code para preços ou erp_client_id para clientes)'] };
  const db = await getDb();
  const v = await validate(db, bytes, kind);
  if (v.issues.length) return { ok: false, kind, sha256: hash, report: v.issues };
  const preview = kind === 'prices' ? pricesPreview(v.prices!, v.models!, v.skipped ?? []) : (await clientsPlan(db, v.clients!)).preview;
  return { ok: true, kind, sha256: hash, preview };
}

export interface ApplyInput {
  bytes: Buffer;
  fileName: string;
  source: ErpSyncSource;
  actor: SyncActor;
  kind?: ErpSyncKind | null;
}

export type ApplyOutcome = { ok: true; runId: number; kind: ErpSyncKind; preview: SyncPreview } | { ok: false; runId: number; kind: ErpSyncKind | null; report: string[] };

async function recordRun(
  db: DbOrTx,
  input: ApplyInput,
  run: { kind: ErpSyncKind | null; sha256: string; status: 'ok' | 'failed'; counts: ErpSyncCounts | null; report: string[]; startedAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(erpSyncRuns)
    .values({
      kind: run.kind ?? 'prices',
      source: input.source,
      actorId: input.actor?.id ?? null,
      actorName: input.actor ? input.actor.displayName || input.actor.email : null,
      fileName: input.fileName.slice(0, 200),
      fileSha256: run.sha256,
      status: run.status,
      counts: run.counts,
      report: run.report.slice(0, 500),
      startedAt: run.startedAt,
      finishedAt: new Date(),
    })
    .returning({ id: erpSyncRuns.id });
  return row!.id;
}

/**
 * Validates and applies a file in one transaction (the comparison made inside it is what is
 * written and answered), then invalidates the caches. A refused file changes nothing and is
 * recorded as a failed run with its report.
 */
export async function applyErpFile(input: ApplyInput): Promise<ApplyOutcome> {
  const startedAt = new Date();
  const hash = sha256(input.bytes);
  const detected = await kindOf(input.bytes, input.kind);
  const kind = 'refused' in detected ? null : detected.kind;
  const db = await getDb();
  if (!kind) {
    const report = ['refused' in detected ? detected.refused : 'Linha 1: ficheiro não reconhecido (o cabeçalho deve ter model_code para preços ou erp_client_id para clientes)'];
    return { ok: false, kind: null, report, runId: await recordRun(db, input, { kind: null, sha256: hash, status: 'failed', counts: null, report, startedAt }) };
  }
  let failed: string[] | null = null;
  let result: { runId: number; preview: SyncPreview; tags: string[] } | null = null;
  try {
    result = await db.transaction(async (tx) => {
      const v = await validate(tx, input.bytes, kind);
      if (v.issues.length) {
        failed = v.issues;
        throw new RefusedFile();
      }
      let preview: SyncPreview;
      let tags: string[];
      if (kind === 'prices') {
        preview = pricesPreview(v.prices!, v.models!, v.skipped ?? []);
        tags = await applyPrices(tx, preview, v.models!, input.actor);
      } else {
        const plan = await clientsPlan(tx, v.clients!);
        preview = plan.preview;
        tags = await applyClients(tx, plan);
      }
      // An applied run's report lists the lines it skipped (the whole list is the run's CSV).
      const runId = await recordRun(tx, input, { kind, sha256: hash, status: 'ok', counts: preview.counts, report: skippedReport(preview.skipped), startedAt });
      if (input.actor) {
        const skippedText = preview.counts.skipped ? `, ${preview.counts.skipped} ignorados (artigos desconhecidos)` : '';
        await recordAudit(tx, { actor: input.actor, entity: 'erp_sync', entityId: runId, action: 'import', summary: `Sincronização PHC (${kind}): ${preview.counts.created} novos, ${preview.counts.changed} alterados${skippedText}` });
      }
      if (tags.length) await invalidateCache(tags, { reason: `erp-sync:${kind}`, db: tx });
      return { runId, preview, tags };
    });
  } catch (err) {
    if (!(err instanceof RefusedFile)) {
      const message = err instanceof Error ? err.message : String(err);
      log.error({ err }, 'sincronização falhou');
      failed = [`Linha 1: a sincronização falhou e nada foi alterado (${message.slice(0, 200)})`];
    }
  }
  if (!result) {
    const report = failed ?? ['Linha 1: a sincronização falhou e nada foi alterado'];
    return { ok: false, kind, report, runId: await recordRun(db, input, { kind, sha256: hash, status: 'failed', counts: null, report, startedAt }) };
  }
  if (result.preview.skipped.length) {
    // The skipped lines as a file staff can download from the history (after the commit: a lost
    // file is logged, the sync stands).
    await getStorage()
      .put(skippedRunKey(result.runId), Buffer.from(skippedCsv(result.preview.skipped), 'utf8'))
      .catch((err: unknown) => log.error({ err }, 'lista de ignorados'));
  }
  return { ok: true, runId: result.runId, kind, preview: result.preview };
}

class RefusedFile extends Error {}

/** A refused preview (the upload's line report), recorded as a failed run so the history shows it. */
export async function recordRefusedFile(input: Omit<ApplyInput, 'bytes'> & { sha256: string; kind: ErpSyncKind | null; report: string[] }): Promise<number> {
  const db = await getDb();
  return recordRun(db, { ...input, bytes: Buffer.alloc(0) }, { kind: input.kind, sha256: input.sha256, status: 'failed', counts: null, report: input.report, startedAt: new Date() });
}

export interface SyncRunView {
  id: number;
  kind: ErpSyncKind;
  source: ErpSyncSource;
  actor: string;
  fileName: string;
  sha256: string;
  status: 'ok' | 'failed';
  counts: ErpSyncCounts | null;
  report: string[];
  at: string;
}

export async function listSyncRuns(limit = 50): Promise<SyncRunView[]> {
  const db = await getDb();
  const rows = await db.select().from(erpSyncRuns).orderBy(sql`${erpSyncRuns.startedAt} desc, ${erpSyncRuns.id} desc`).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    source: r.source,
    actor: r.actorName ?? (r.source === 'inbox' ? 'Execução agendada' : 'Sistema'),
    fileName: r.fileName,
    sha256: r.fileSha256,
    status: r.status,
    counts: r.counts,
    report: r.report,
    at: r.startedAt.toISOString(),
  }));
}
