import 'server-only';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { roundCents } from '@/lib/cart/summary';
import { dataDir } from '@/lib/env';
import { csvUnitPrice, formatDecimal, XLSX_FORMATS } from '@/lib/format';
import { csvTextField } from '@/lib/spreadsheet-cells';
import type { PriceListRequest } from '@/lib/validation/price-lists';
import { AppError } from '@/server/errors';
import { getDb } from '@/server/db/client';
import { brands, chapters, families, priceListExports, products, type PriceListStatus } from '@/server/db/schema';
import { enqueue, getJobs, wakeJobWorker } from '@/server/jobs';
import { serverTranslator } from '@/server/i18n';
import { getPriceFacts, getPricingCustomer, priceEntryOf, type PricingCustomer } from '@/server/pricing';
import { getStorage, StorageUnavailableError } from '@/server/storage';
import { logger } from '@/server/log';

const log = logger('price-list');

/**
 * The professional price list: a professional asks for their prices of the whole
 * catalogue or of one chapter, family or brand, as XLSX or CSV. The request is a row of
 * `price_list_exports` and a `price-list` job enqueued in the same transaction; the job worker
 * builds the file (progress kept on the row, polled by the page) in a temporary folder and puts
 * it whole into the shop's storage (`price-lists/<id>.<format>`: the filesystem or the bucket every
 * instance shares), so any instance serves the download. Lists written before the storage, under
 * `DATA_DIR/price-lists/`, are read from there as a fallback and removed with their rows (a user
 * keeps only the last few, so they age out). The prices are exactly the pricing module's (`getPriceFacts` and
 * `priceEntryOf` for the requester's account), so the file says what the shop and the cart say.
 *
 * Who: only users with a professional account (`users.pro_account_id` and type `pro`): anyone
 * else gets 403 with a Portuguese message. The file is the requester's only (owner in every
 * query: anyone else's id is a 404) and only while they still belong to the account whose prices
 * it holds.
 */

const text = serverTranslator('PriceList');

/** Models priced per step (one pricing read each; progress is written after each). */
const BATCH = 2_500;
/** Exports kept per user (older rows and their files are deleted when a new one is asked for). */
const KEEP_PER_USER = 5;
/** A queued or running export blocks a new request for this long (a worker that died frees it). */
const PENDING_WINDOW_MS = 10 * 60_000;

export const PRICE_LIST_ID = /^[A-Za-z0-9_-]{22}$/;

export interface PriceListExport {
  id: string;
  status: PriceListStatus;
  format: 'csv' | 'xlsx';
  scope_kind: string;
  scope_value: string | null;
  scope_label: string;
  progress: number;
  total: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  build_ms: number | null;
  /** Where to download it once `done`. */
  download_url: string | null;
}

function notFound(): AppError {
  return new AppError({ code: 'not_found', key: 'PriceList.notFound' });
}

export function proOnly(): AppError {
  return new AppError({ code: 'forbidden', key: 'PriceList.proOnly' });
}

/** The caller's professional pricing customer, or 403 for anyone without a professional account. */
export async function requireProCustomer(userId: string): Promise<PricingCustomer & { accountId: number }> {
  const customer = await getPricingCustomer(userId);
  if (customer.accountId === null) throw proOnly();
  return { userId, accountId: customer.accountId };
}

/** Whether the viewer may have a price list (the page says so instead of offering the form). */
export async function isProfessional(userId: string): Promise<boolean> {
  return (await getPricingCustomer(userId)).accountId !== null;
}

/** Where a finished price list is kept in the shop's storage (server/storage: the filesystem or a bucket). */
export function priceListKey(id: string, format: 'csv' | 'xlsx'): string {
  return `price-lists/${id}.${format}`;
}

/** Where lists were written before they went to the storage (read as a fallback, removed with them). */
function legacyPriceListFile(id: string, format: 'csv' | 'xlsx'): string {
  return path.join(dataDir(), 'price-lists', `${id}.${format}`);
}

type Row = typeof priceListExports.$inferSelect;

function toJson(r: Row): PriceListExport {
  return {
    id: r.id,
    status: r.status,
    format: r.format,
    scope_kind: r.scopeKind,
    scope_value: r.scopeValue,
    scope_label: r.scopeLabel,
    progress: r.progress,
    total: r.total,
    error: r.status === 'failed' ? text('failedText') : null,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    build_ms: r.buildMs,
    download_url: r.status === 'done' ? `/api/price-lists/${r.id}/download` : null,
  };
}

/** The chapters, families and brands a price list can be limited to (those with models on sale). */
export async function listPriceListScopes(): Promise<{
  chapters: { code: number; title: string }[];
  families: { code: string; title: string; chapterCode: number }[];
  brands: { slug: string; name: string }[];
}> {
  const db = await getDb();
  const onSale = sql`exists (select 1 from inventory_products m where m.product_id = ${products.id} and m.product_status = 'active')`;
  const [c, f, b] = await Promise.all([
    db
      .select({ code: chapters.code, title: chapters.title })
      .from(chapters)
      .where(sql`exists (select 1 from ${products} where ${products.chapterCode} = ${chapters.code} and ${products.active} and ${onSale})`)
      .orderBy(asc(chapters.sortOrder), asc(chapters.code)),
    db
      .select({ code: families.code, title: families.title, chapterCode: families.chapterCode })
      .from(families)
      .where(sql`exists (select 1 from ${products} where ${products.familyId} = ${families.id} and ${products.active} and ${onSale})`)
      .orderBy(sql`${families.code} collate "C"`),
    db
      .select({ slug: brands.slug, name: brands.name })
      .from(brands)
      .where(sql`exists (select 1 from ${products} where ${products.brandId} = ${brands.id} and ${products.active} and ${onSale})`)
      .orderBy(asc(brands.name)),
  ]);
  return { chapters: c, families: f, brands: b };
}

/** The scope's label, or 404 when the chapter, family or brand does not exist. */
async function scopeLabel(request: PriceListRequest): Promise<string> {
  const db = await getDb();
  if (request.scope === 'all') return text('whole');
  const value = request.value ?? '';
  if (request.scope === 'chapter') {
    const code = Number(value);
    const [row] = Number.isSafeInteger(code) && code > 0 && code < 100_000 ? await db.select({ title: chapters.title }).from(chapters).where(eq(chapters.code, code)) : [];
    if (row) return text('chapterLabel', { code, title: row.title });
  } else if (request.scope === 'family') {
    const [row] = await db.select({ title: families.title }).from(families).where(eq(families.code, value));
    if (row) return text('familyLabel', { code: value, title: row.title });
  } else {
    const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.slug, value));
    if (row) return text('brandLabel', { name: row.name });
  }
  throw new AppError({ code: 'not_found', key: 'PriceList.scopeNotFound' });
}

/**
 * `POST /api/price-lists`: records the request and enqueues its job (one transaction). One
 * request at a time per user (409 while one is queued or running); older exports beyond the last
 * few are deleted with their files.
 */
export async function requestPriceList(userId: string, request: PriceListRequest): Promise<PriceListExport> {
  const customer = await requireProCustomer(userId);
  const label = await scopeLabel(request);
  await getJobs(); // started before the transaction (on PGlite it holds the only connection)
  const db = await getDb();
  const id = randomBytes(16).toString('base64url');
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const pending = await tx
      .select({ id: priceListExports.id })
      .from(priceListExports)
      .where(
        and(
          eq(priceListExports.userId, userId),
          inArray(priceListExports.status, ['queued', 'running']),
          sql`${priceListExports.createdAt} > now() - make_interval(secs => ${PENDING_WINDOW_MS / 1000})`,
        ),
      );
    if (pending.length > 0) throw new AppError({ code: 'conflict', key: 'PriceList.tooMany' });
    const [inserted] = await tx
      .insert(priceListExports)
      .values({
        id,
        userId,
        accountId: customer.accountId,
        scopeKind: request.scope,
        scopeValue: request.scope === 'all' ? null : (request.value ?? null),
        scopeLabel: label,
        format: request.format,
      })
      .returning();
    await enqueue(tx, 'price-list', { exportId: id });
    return inserted!;
  });
  wakeJobWorker();
  await pruneOldExports(userId).catch((err: unknown) => log.error({ err }, 'limpeza'));
  return toJson(row);
}

/** Deletes the user's exports beyond the newest KEEP_PER_USER, with their files. */
async function pruneOldExports(userId: string): Promise<void> {
  const db = await getDb();
  const keep = db
    .select({ id: priceListExports.id })
    .from(priceListExports)
    .where(eq(priceListExports.userId, userId))
    .orderBy(desc(priceListExports.createdAt))
    .limit(KEEP_PER_USER);
  const old = await db
    .delete(priceListExports)
    .where(and(eq(priceListExports.userId, userId), notInArray(priceListExports.id, keep), inArray(priceListExports.status, ['done', 'failed'])))
    .returning({ id: priceListExports.id, format: priceListExports.format });
  await Promise.all(
    old.flatMap((r) => [getStorage().delete(priceListKey(r.id, r.format)), fsp.rm(legacyPriceListFile(r.id, r.format), { force: true })]),
  );
}

/** The caller's recent exports, newest first. */
export async function listPriceListExports(userId: string): Promise<PriceListExport[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(priceListExports)
    .where(eq(priceListExports.userId, userId))
    .orderBy(desc(priceListExports.createdAt))
    .limit(KEEP_PER_USER);
  return rows.map(toJson);
}

/** One of the caller's exports (status and progress); 404 for anyone else's. */
export async function getPriceListExport(userId: string, id: string): Promise<PriceListExport> {
  if (!PRICE_LIST_ID.test(id)) throw notFound();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(priceListExports)
    .where(and(eq(priceListExports.id, id), eq(priceListExports.userId, userId)));
  if (!row) throw notFound();
  return toJson(row);
}

/**
 * The file of one of the caller's finished exports: 404 for anyone else's, for one not ready and
 * for one whose prices are of an account the caller no longer belongs to.
 */
export async function openPriceListFile(userId: string, id: string): Promise<{ body: Buffer; size: number; fileName: string; contentType: string }> {
  if (!PRICE_LIST_ID.test(id)) throw notFound();
  const customer = await requireProCustomer(userId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(priceListExports)
    .where(and(eq(priceListExports.id, id), eq(priceListExports.userId, userId), eq(priceListExports.accountId, customer.accountId)));
  if (!row) throw notFound();
  if (row.status !== 'done') throw new AppError({ code: 'conflict', key: 'PriceList.notReady' });
  const body = (await getStorage().get(priceListKey(row.id, row.format))) ?? (await fsp.readFile(/*turbopackIgnore: true*/ legacyPriceListFile(row.id, row.format)).catch(() => null));
  if (!body) throw notFound();
  const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
  const scope = row.scopeKind === 'all' ? 'catalogo' : `${row.scopeKind === 'chapter' ? 'capitulo' : row.scopeKind === 'family' ? 'familia' : 'marca'}-${(row.scopeValue ?? '').replace(/[^A-Za-z0-9-]/g, '')}`;
  return {
    body,
    size: body.byteLength,
    fileName: `tabela-de-precos-${scope}-${day}.${row.format}`,
    contentType: row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

/** A row of the price list, as written to the file. */
export interface PriceListRow {
  code: string;
  ean: string | null;
  productName: string;
  modelName: string;
  size: string | null;
  packages: string;
  /** PVP: the net list price without IVA, euros (4 decimals). */
  basePrice: number;
  discountPercentage: number;
  /** The customer's net price without IVA (4 decimals). */
  netPrice: number;
  priceWithTax: number;
  taxRate: number;
  stock: string;
}

const STOCK = { in_stock: 'Em stock', out_of_stock: 'Sem stock', on_order: 'Por encomenda' } as Record<string, string>;

export const PRICE_LIST_COLUMNS = [
  'Código do modelo',
  'EAN',
  'Produto',
  'Modelo',
  'Medida',
  'Embalagem',
  'PVP s/ IVA',
  'Desconto %',
  'Preço líquido s/ IVA',
  'Preço c/ IVA',
  'IVA %',
  'Disponibilidade',
] as const;

function packagesText(small: string | null, medium: string | null, large: string | null): string {
  const parts = [small, medium, large].map((p) => (p ?? '').trim()).filter((p) => p && p !== '-');
  return parts.length ? parts.join(' · ') : 'Unidade';
}

function scopeCondition(kind: string, value: string | null): SQL {
  if (kind === 'chapter') return sql`p.chapter_code = ${Number(value)}`;
  if (kind === 'family') return sql`f.code = ${value}`;
  if (kind === 'brand') return sql`b.slug = ${value}`;
  return sql`true`;
}

/**
 * The rows of a price list for `customer` (the pricing module's prices), in catalogue order.
 * `onProgress(done, total)` after each batch.
 */
export async function buildPriceListRows(
  customer: PricingCustomer,
  scope: { kind: string; value: string | null },
  onProgress?: (done: number, total: number) => Promise<void>,
): Promise<PriceListRow[]> {
  const db = await getDb();
  const result = await db.execute<{
    code: string;
    ean: string | null;
    product_name: string;
    model_name: string;
    size: string | null;
    small_package: string | null;
    medium_package: string | null;
    large_package: string | null;
    stock_status: string;
  }>(sql`
    select m.code, m.ean, p.name as product_name, m.name as model_name, m.size,
      m.small_package, m.medium_package, m.large_package, m.stock_status
    from inventory_products m
    join products p on p.id = m.product_id
    join families f on f.id = p.family_id
    left join brands b on b.id = p.brand_id
    where m.product_status = 'active' and p.active and ${scopeCondition(scope.kind, scope.value)}
    order by f.chapter_code, f.code collate "C", p.product_code collate "C", m.code collate "C"`);
  const models = result.rows;
  const rows: PriceListRow[] = [];
  if (onProgress) await onProgress(0, models.length);
  for (let start = 0; start < models.length; start += BATCH) {
    const batch = models.slice(start, start + BATCH);
    const { facts } = await getPriceFacts(
      customer,
      batch.map((m) => m.code),
    );
    for (const m of batch) {
      const f = facts.get(m.code);
      if (!f) continue; // withdrawn between the two reads
      const entry = priceEntryOf(f);
      rows.push({
        code: m.code,
        ean: m.ean,
        productName: m.product_name,
        modelName: m.model_name,
        size: m.size,
        packages: packagesText(m.small_package, m.medium_package, m.large_package),
        basePrice: entry.basePrice,
        discountPercentage: entry.discountPercentage,
        netPrice: entry.userPrice,
        // For information beside the net price: to the cent (the lines are computed from the net price).
        priceWithTax: roundCents(entry.priceWithTax),
        taxRate: entry.taxRate,
        stock: STOCK[m.stock_status] ?? m.stock_status,
      });
    }
    if (onProgress) await onProgress(Math.min(models.length, start + batch.length), models.length);
  }
  return rows;
}


/** Writes the rows to `file` atomically (a temporary file renamed into place). */
export async function writePriceListFile(rows: readonly PriceListRow[], format: 'csv' | 'xlsx', file: string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    if (format === 'csv') {
      const lines: string[] = [PRICE_LIST_COLUMNS.join(';')];
      for (const r of rows) {
        lines.push(
          [
            csvTextField(r.code),
            csvTextField(r.ean ?? ''),
            csvTextField(r.productName),
            csvTextField(r.modelName),
            csvTextField(r.size ?? ''),
            csvTextField(r.packages),
            csvUnitPrice(r.basePrice),
            formatDecimal(r.discountPercentage, 0, 2),
            csvUnitPrice(r.netPrice),
            formatDecimal(r.priceWithTax, 2, 2),
            formatDecimal(r.taxRate, 0, 2),
            r.stock,
          ].join(';'),
        );
      }
      await fsp.writeFile(tmp, `\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
    } else {
      // Streamed: rows are committed as they are added, never a whole workbook in memory.
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tmp, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Tabela de preços', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = PRICE_LIST_COLUMNS.map((header, i) => ({
        header,
        width: [16, 15, 44, 48, 14, 14, 12, 11, 16, 12, 7, 15][i],
        style: i === 6 || i === 8 ? { numFmt: XLSX_FORMATS.unitPrice } : i === 9 ? { numFmt: XLSX_FORMATS.money } : i === 7 || i === 10 ? { numFmt: XLSX_FORMATS.percent } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for (const r of rows) {
        sheet
          .addRow([r.code, r.ean ?? '', r.productName, r.modelName, r.size ?? '', r.packages, r.basePrice, r.discountPercentage, r.netPrice, r.priceWithTax, r.taxRate, r.stock])
          .commit();
      }
      sheet.commit();
      await workbook.commit();
    }
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}

async function setRow(id: string, values: Partial<typeof priceListExports.$inferInsert>): Promise<void> {
  const db = await getDb();
  await db.update(priceListExports).set(values).where(eq(priceListExports.id, id));
}

/**
 * The job: builds the file of export `exportId`. Safe to run twice (a finished export is left
 * alone; a second build writes the same file over the first). The requester must still belong to
 * the account whose prices were asked for, or the export fails.
 */
export async function buildPriceListExport(exportId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(priceListExports).where(eq(priceListExports.id, exportId));
  if (!row || row.status === 'done') return;
  const started = performance.now();
  try {
    await setRow(row.id, { status: 'running', startedAt: new Date(), progress: 0, error: null });
    const customer = await getPricingCustomer(row.userId, db);
    if (customer.accountId !== row.accountId) throw new Error('o utilizador já não pertence à conta profissional do pedido');
    const rows = await buildPriceListRows(customer, { kind: row.scopeKind, value: row.scopeValue }, async (done, total) => {
      await setRow(row.id, { progress: done, total });
    });
    // Written to a temporary file (the XLSX is streamed row by row), then stored whole.
    const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shop-price-list-'));
    try {
      const tmpFile = path.join(/*turbopackIgnore: true*/ tmpDir, `${row.id}.${row.format}`);
      await writePriceListFile(rows, row.format, tmpFile);
      await getStorage().put(priceListKey(row.id, row.format), await fsp.readFile(/*turbopackIgnore: true*/ tmpFile));
    } finally {
      await fsp.rm(tmpDir, { recursive: true, force: true });
    }
    await setRow(row.id, { status: 'done', progress: rows.length, total: rows.length, finishedAt: new Date(), buildMs: Math.round(performance.now() - started) });
  } catch (err) {
    log.error({ err, exportId: row.id }, 'tabela de preços falhou');
    if (err instanceof StorageUnavailableError) {
      // The store is away for a while: the list waits (queued again) and the job is retried with
      // backoff, instead of failing a request the customer would have to make again.
      await setRow(row.id, { status: 'queued', progress: 0 });
      throw err;
    }
    await setRow(row.id, { status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : 'erro', finishedAt: new Date() });
  }
}
