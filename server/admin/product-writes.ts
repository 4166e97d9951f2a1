import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/viewer';
import type { MessageKey } from '@/lib/errors';
import { slugify } from '@/lib/slug';
import type { AdminProductFormValues, AdminProductInput, BulkProductAction } from '@/lib/validation/admin-product';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { describeStaleProduct } from '@/server/audit/views';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { recordCatalogueChanges, type CatalogueChangeInput } from '@/server/catalogue/changes';
import { refreshProductDerived } from '@/server/catalogue/derived';
import { getDb, type DbOrTx, type Tx } from '@/server/db/client';
import { brands, families, inventoryProducts, modelAttributes, products } from '@/server/db/schema';
import { invalidateVocabulary } from '@/server/search/vocabulary';
import { getAdminProduct, type AdminProductRecord } from './products';

/**
 * The writes of the admin product screens. Each is one transaction: the product row
 * locked (`SELECT … FOR UPDATE`), its version checked (a save over a newer one is refused with
 * the record as it is now: server/admin/versioning.ts), product, models and attributes written,
 * the version bumped, the derived columns recomputed (`refreshProductDerived`), an audit entry
 * with the fields before and after, and the catalogue change log (new / price / removed / text).
 * After the commit the cache tags of everything shown elsewhere are invalidated (product page,
 * old and new family and chapter listings, brand, navigation counts, search) and the search
 * vocabulary is dropped, so the shop shows the change at once.
 */

const fieldError = (field: string, key: string): AppError =>
  new AppError({ code: 'bad_request', key: 'Errors.badRequest', fieldErrors: { [field]: [`Admin.Products.errors.${key}` as MessageKey] } });

const notFound = () => new AppError({ code: 'not_found', key: 'Admin.Products.notFound' });

export type ActorViewer = Pick<Viewer, 'id' | 'email' | 'displayName'>;

function actorOf(viewer: ActorViewer): AuditActor {
  return { id: viewer.id, email: viewer.email, displayName: viewer.displayName };
}

/** The stale-save notice's "current" record: the form's fields (not id and version). */
export function staleSnapshot(form: AdminProductFormValues): Record<string, unknown> {
  const { id: _id, version: _version, ...rest } = form;
  void _id;
  void _version;
  return rest;
}

/**
 * The audit snapshot: the product's fields and its models field by field (the history compares
 * them by code: server/audit/describe.ts; older entries hold one line per model, still read).
 */
function auditSnapshot(record: AdminProductRecord | null): Record<string, unknown> | null {
  if (!record) return null;
  const f = record.form;
  return {
    product_code: f.product_code,
    name: f.name,
    seo_name: f.seo_name,
    seo_description: f.seo_description,
    description: f.description,
    chapter_code: f.chapter_code,
    family_id: f.family_id,
    brand_id: f.brand_id,
    informacao_adicional: f.informacao_adicional,
    informacao_tecnica: f.informacao_tecnica,
    notes: f.notes,
    active: f.active,
    images: f.images.map((i) => `${i.main ? '★ ' : ''}${i.url}${i.alt ? ` (${i.alt})` : ''}`),
    models: f.models.map((m) => ({
      code: m.code,
      name: m.name,
      size: m.size,
      price: m.price.replace(',', '.'),
      discount_group: m.discount_group,
      supplier: m.supplier,
      small_package: m.small_package,
      medium_package: m.medium_package,
      large_package: m.large_package,
      ean: m.ean,
      status: m.status,
      stock_status: m.stock_status,
      attributes: m.attributes,
    })),
  };
}

/** Whether any order line or quote line names one of these models or the product. */
async function productHasSales(db: DbOrTx, productCode: string, modelIds: readonly number[], modelCodes: readonly string[]): Promise<boolean> {
  const ids = sql.raw(`'{${modelIds.map((i) => Math.trunc(i)).join(',')}}'::int[]`);
  const codes = modelCodes.length ? sql`ARRAY[${sql.join(modelCodes.map((c) => sql`${c}`), sql`, `)}]::text[]` : sql`'{}'::text[]`;
  const result = await db.execute<{ n: number }>(sql`
    SELECT (
      EXISTS (SELECT 1 FROM order_lines l WHERE l.product_code = ${productCode} OR l.model_id = ANY(${ids}) OR l.model_code = ANY(${codes}))
      OR EXISTS (SELECT 1 FROM quote_lines l WHERE l.product_code = ${productCode} OR l.model_id = ANY(${ids}) OR l.model_code = ANY(${codes}))
    )::int AS n`);
  return Number(result.rows[0]?.n ?? 0) === 1;
}

/** Models of `modelIds` that appear in an order or quote line (kept, deactivated, when removed from the form). */
async function modelsWithSales(db: DbOrTx, models: readonly { id: number; code: string }[]): Promise<Set<number>> {
  if (models.length === 0) return new Set();
  const ids = sql.raw(`'{${models.map((m) => Math.trunc(m.id)).join(',')}}'::int[]`);
  const result = await db.execute<{ id: number }>(sql`
    SELECT m.id FROM inventory_products m WHERE m.id = ANY(${ids}) AND (
      EXISTS (SELECT 1 FROM order_lines l WHERE l.model_id = m.id OR l.model_code = m.code)
      OR EXISTS (SELECT 1 FROM quote_lines l WHERE l.model_id = m.id OR l.model_code = m.code))`);
  return new Set(result.rows.map((r) => Number(r.id)));
}

interface Touched {
  productCode: string;
  familyIds: Set<number>;
  chapterCodes: Set<number>;
  brandIds: Set<number>;
  countsChanged: boolean;
}

/** Invalidates what the shop shows of the touched products, after the commit. */
export async function invalidateProducts(touched: readonly Touched[], reason: string): Promise<void> {
  if (touched.length === 0) return;
  const db = await getDb();
  const familyIds = [...new Set(touched.flatMap((t) => [...t.familyIds]))];
  const familyRows = familyIds.length ? await db.select({ code: families.code }).from(families).where(inArray(families.id, familyIds)) : [];
  const tags = [
    cacheTags.catalogue,
    cacheTags.search,
    ...touched.map((t) => cacheTags.product(t.productCode)),
    ...familyRows.map((f) => cacheTags.family(f.code)),
    ...touched.flatMap((t) => [...t.chapterCodes].map((c) => cacheTags.chapter(c))),
    ...touched.flatMap((t) => [...t.brandIds].map((b) => cacheTags.brand(b))),
  ];
  if (touched.some((t) => t.brandIds.size > 0)) tags.push(cacheTags.brands);
  if (touched.some((t) => t.countsChanged)) tags.push(cacheTags.navigation);
  await invalidateCache(tags, { db, reason });
  invalidateVocabulary(db);
}

const PRODUCT_TEXT_FIELDS: readonly [keyof AdminProductFormValues, string][] = [
  ['name', 'name'],
  ['description', 'description'],
  ['informacao_adicional', 'informacao_adicional'],
  ['informacao_tecnica', 'informacao_tecnica'],
  ['seo_name', 'seo_name'],
];

const MODEL_TEXT_FIELDS = ['name', 'size', 'discount_group', 'small_package', 'medium_package', 'large_package', 'ean', 'attributes'] as const;

export interface SaveProductResult {
  id: number;
  version: number;
  created: boolean;
  /** Models removed from the form but kept, deactivated, because orders or quotes name them. */
  keptModels: string[];
}

/** Creates (`input.id` null) or updates a product with its models, in one transaction. */
export async function saveAdminProduct(input: AdminProductInput, viewer: ActorViewer): Promise<SaveProductResult> {
  const db = await getDb();
  const actor = actorOf(viewer);
  const outcome = await db.transaction(async (tx) => {
    return writeProduct(tx, input, actor);
  }).catch((err: unknown) => {
    // Two saves racing for one new code, or model codes swapped between rows: the unique index answers.
    const e = err as { code?: unknown; constraint?: unknown; cause?: { code?: unknown; constraint?: unknown } } | null;
    if ((e?.code ?? e?.cause?.code) === '23505') {
      const onModels = String(e?.constraint ?? e?.cause?.constraint ?? '').startsWith('inventory_products');
      throw onModels ? fieldError('models', 'modelCodeTaken') : fieldError('product_code', 'productCodeTaken');
    }
    throw err;
  });
  await invalidateProducts([outcome.touched], 'admin:product');
  return outcome.result;
}

async function writeProduct(tx: Tx, input: AdminProductInput, actor: AuditActor): Promise<{ result: SaveProductResult; touched: Touched }> {
  let before: AdminProductRecord | null = null;
  if (input.id !== null) {
    const [locked] = await tx.select({ id: products.id, version: products.version }).from(products).where(eq(products.id, input.id)).for('update');
    if (!locked) throw notFound();
    before = await getAdminProduct(locked.id, tx);
    if (!before) throw notFound();
    const current = before;
    // Refused: the differences between what was sent and the product now, in words (models by code).
    const differences = input.version === locked.version ? undefined : await describeStaleProduct(tx, input, current.form);
    assertVersion(input.version, locked.version, () => staleSnapshot(current.form), differences);
  } else {
    const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.productCode, input.product_code));
    if (taken) throw fieldError('product_code', 'productCodeTaken');
  }

  const [family] = await tx.select({ id: families.id, chapterCode: families.chapterCode }).from(families).where(eq(families.id, input.family_id));
  if (!family) throw fieldError('family_id', 'familyUnknown');
  if (family.chapterCode !== input.chapter_code) throw fieldError('family_id', 'familyNotInChapter');
  if (input.brand_id !== null) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id));
    if (!brand) throw fieldError('brand_id', 'brandUnknown');
  }

  // Model codes are unique across the catalogue.
  const codes = input.models.map((m) => m.code);
  if (codes.length) {
    const clash = await tx
      .select({ code: inventoryProducts.code })
      .from(inventoryProducts)
      .where(and(inArray(inventoryProducts.code, codes), input.id !== null ? ne(inventoryProducts.productId, input.id) : sql`true`));
    if (clash.length) {
      const taken = new Set(clash.map((c) => c.code));
      const index = input.models.findIndex((m) => taken.has(m.code));
      throw fieldError(`models.${index}.code`, 'modelCodeTaken');
    }
  }

  const main = input.images.find((i) => i.main) ?? input.images[0] ?? null;
  const others = input.images.filter((i) => i !== main).map((i) => ({ url: i.url, alt: i.alt }));
  const [enriched] = input.id !== null ? await tx.select({ data: products.enrichedData }).from(products).where(eq(products.id, input.id)) : [];
  const enrichedData = { ...(enriched?.data ?? {}), photoAlt: main?.alt ?? null };
  const values = {
    name: input.name,
    slug: slugify(input.name) || 'produto',
    seoOptimizedName: input.seo_name,
    seoOptimizedDescription: input.seo_description,
    description: input.description,
    chapterCode: input.chapter_code,
    familyId: input.family_id,
    brandId: input.brand_id,
    informacaoAdicional: input.informacao_adicional,
    informacaoTecnica: input.informacao_tecnica,
    productNotes: input.notes,
    active: input.active,
    photoPath: main?.url ?? null,
    images: others,
    enrichedData,
  };

  let productId: number;
  if (input.id === null) {
    const [created] = await tx
      .insert(products)
      .values({ ...values, productCode: input.product_code, photoUpdatedAt: main ? new Date() : null })
      .returning({ id: products.id });
    productId = created!.id;
  } else {
    productId = input.id;
    await tx
      .update(products)
      .set({
        ...values,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
        photoUpdatedAt: sql`CASE WHEN ${products.photoPath} IS DISTINCT FROM ${values.photoPath} THEN now() ELSE ${products.photoUpdatedAt} END`,
      })
      .where(eq(products.id, productId));
  }

  // Models: update the rows the form kept, insert the new ones, remove the others (kept and
  // deactivated when an order or a quote names them).
  const existing = before?.form.models ?? [];
  const existingById = new Map(existing.filter((m) => m.id !== null).map((m) => [m.id!, m]));
  const existingByCode = new Map(existing.map((m) => [m.code, m]));
  const keptIds = new Set<number>();
  const writtenIds: number[] = [];
  const attributeWrites: (typeof modelAttributes.$inferInsert)[] = [];
  for (const m of input.models) {
    const match = (m.id !== null ? existingById.get(m.id) : undefined) ?? existingByCode.get(m.code);
    const row = {
      code: m.code,
      name: m.name ?? input.name,
      productId,
      size: m.size,
      productStatus: m.status,
      price: m.price,
      discountGroup: m.discount_group,
      supplier: m.supplier,
      smallPackage: m.small_package,
      mediumPackage: m.medium_package,
      largePackage: m.large_package,
      ean: m.ean,
      stockStatus: m.stock_status,
    };
    let modelId: number;
    if (match?.id) {
      modelId = match.id;
      keptIds.add(modelId);
      await tx.update(inventoryProducts).set({ ...row, updatedAt: sql`now()` }).where(eq(inventoryProducts.id, modelId));
    } else {
      const [created] = await tx.insert(inventoryProducts).values(row).returning({ id: inventoryProducts.id });
      modelId = created!.id;
    }
    writtenIds.push(modelId);
    m.attributes.forEach((a, position) => attributeWrites.push({ modelId, position, name: a.name, value: a.value, unit: a.unit, numericValue: a.numericValue }));
  }
  const removed = existing.filter((m) => m.id !== null && !keptIds.has(m.id));
  const withSales = await modelsWithSales(tx, removed.map((m) => ({ id: m.id!, code: m.code })));
  const keptModels: string[] = [];
  for (const m of removed) {
    if (withSales.has(m.id!)) {
      keptModels.push(m.code);
      await tx.update(inventoryProducts).set({ productStatus: 'inactive', updatedAt: sql`now()` }).where(eq(inventoryProducts.id, m.id!));
    } else {
      await tx.delete(inventoryProducts).where(eq(inventoryProducts.id, m.id!));
    }
  }
  if (writtenIds.length) await tx.delete(modelAttributes).where(inArray(modelAttributes.modelId, writtenIds));
  if (attributeWrites.length) await tx.insert(modelAttributes).values(attributeWrites);

  await refreshProductDerived(tx, [productId]);
  const after = await getAdminProduct(productId, tx);
  if (!after) throw notFound();

  await recordAudit(tx, {
    actor,
    entity: 'product',
    entityId: productId,
    action: before ? 'update' : 'create',
    summary: before ? `Produto ${after.productCode} alterado` : `Produto ${after.productCode} criado`,
    before: auditSnapshot(before),
    after: auditSnapshot(after),
  });
  await recordCatalogueChanges(tx, { source: 'admin', actor }, catalogueChangesOf(before, after, keptModels));

  const touched: Touched = {
    productCode: after.productCode,
    familyIds: new Set([after.familyId, ...(before ? [before.familyId] : [])]),
    chapterCodes: new Set([after.chapterCode, ...(before ? [before.chapterCode] : [])]),
    brandIds: new Set([after.brandId, before?.brandId ?? null].filter((b): b is number => b !== null)),
    countsChanged: !before || before.active !== after.active || before.familyId !== after.familyId || before.brandId !== after.brandId,
  };
  return { result: { id: productId, version: after.version, created: !before, keptModels }, touched };
}

/** The change-log rows of one save (kinds of server/catalogue/changes.ts). */
function catalogueChangesOf(before: AdminProductRecord | null, after: AdminProductRecord, keptModels: readonly string[]): CatalogueChangeInput[] {
  const base = {
    chapterCode: after.chapterCode,
    familyId: after.familyId,
    brandId: after.brandId,
    productId: after.id,
    productCode: after.productCode,
    productName: after.name,
  };
  const changes: CatalogueChangeInput[] = [];
  if (!before) {
    changes.push({ ...base, kind: 'new' });
    for (const m of after.form.models) changes.push({ ...base, kind: 'new', modelCode: m.code });
    return changes;
  }
  const b = before.form;
  const a = after.form;
  if (b.active && !a.active) changes.push({ ...base, kind: 'removed' });
  if (!b.active && a.active) changes.push({ ...base, kind: 'new' });
  for (const [key, field] of PRODUCT_TEXT_FIELDS) {
    if (b[key] !== a[key]) changes.push({ ...base, kind: 'text', field, before: (b[key] as string) || null, after: (a[key] as string) || null });
  }
  if (b.family_id !== a.family_id) changes.push({ ...base, kind: 'text', field: 'family', before: before.familyCode, after: after.familyCode });
  if (b.brand_id !== a.brand_id) changes.push({ ...base, kind: 'text', field: 'brand', before: b.brand_id || null, after: a.brand_id || null });
  const beforeModels = new Map(b.models.map((m) => [m.code, m]));
  const afterCodes = new Set(a.models.map((m) => m.code));
  for (const m of a.models) {
    const old = beforeModels.get(m.code);
    const model = { ...base, modelCode: m.code };
    if (!old) {
      changes.push({ ...model, kind: 'new' });
      continue;
    }
    if (old.status === 'active' && m.status !== 'active') {
      changes.push({ ...model, kind: 'removed' });
      if (keptModels.includes(m.code)) continue;
    }
    if (old.status !== 'active' && m.status === 'active') changes.push({ ...model, kind: 'new' });
    if (old.price !== m.price) changes.push({ ...model, kind: 'price', field: 'price', before: old.price.replace(',', '.'), after: m.price.replace(',', '.') });
    for (const field of MODEL_TEXT_FIELDS) {
      if (old[field] !== m[field]) changes.push({ ...model, kind: 'text', field, before: old[field] || null, after: m[field] || null });
    }
  }
  for (const m of b.models) if (!afterCodes.has(m.code)) changes.push({ ...base, modelCode: m.code, kind: 'removed' });
  return changes;
}

// Delete ------------------------------------------------------------------------------------------

export interface DeleteProductResult {
  /** 'deleted', or 'deactivated' when orders or quotes name the product. */
  outcome: 'deleted' | 'deactivated';
  productCode: string;
}

/**
 * Deletes a product, or only deactivates it when an order line or a quote line names it or one of
 * its models (their snapshots keep the codes; the product stays for the history).
 */
export async function deleteAdminProduct(id: number, viewer: ActorViewer): Promise<DeleteProductResult> {
  const db = await getDb();
  const actor = actorOf(viewer);
  const outcome = await db.transaction(async (tx: Tx) => {
    const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (!locked) throw notFound();
    const before = await getAdminProduct(id, tx);
    if (!before) throw notFound();
    const models = before.form.models.filter((m) => m.id !== null);
    const sold = await productHasSales(tx, before.productCode, models.map((m) => m.id!), models.map((m) => m.code));
    const base = {
      chapterCode: before.chapterCode,
      familyId: before.familyId,
      brandId: before.brandId,
      productId: id,
      productCode: before.productCode,
      productName: before.name,
    };
    const touched: Touched = {
      productCode: before.productCode,
      familyIds: new Set([before.familyId]),
      chapterCodes: new Set([before.chapterCode]),
      brandIds: new Set(before.brandId !== null ? [before.brandId] : []),
      countsChanged: true,
    };
    if (sold) {
      await tx.update(products).set({ active: false, version: sql`${products.version} + 1`, updatedAt: sql`now()` }).where(eq(products.id, id));
      const after = await getAdminProduct(id, tx);
      await recordAudit(tx, {
        actor,
        entity: 'product',
        entityId: id,
        action: 'deactivate',
        summary: `Produto ${before.productCode} desativado (tem encomendas ou orçamentos; não foi eliminado)`,
        before: auditSnapshot(before),
        after: auditSnapshot(after),
      });
      if (before.active) await recordCatalogueChanges(tx, { source: 'admin', actor }, [{ ...base, kind: 'removed' }]);
      return { result: { outcome: 'deactivated' as const, productCode: before.productCode }, touched };
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, {
      actor,
      entity: 'product',
      entityId: id,
      action: 'delete',
      summary: `Produto ${before.productCode} eliminado`,
      before: auditSnapshot(before),
      after: null,
    });
    await recordCatalogueChanges(tx, { source: 'admin', actor }, [{ ...base, kind: 'removed' }]);
    return { result: { outcome: 'deleted' as const, productCode: before.productCode }, touched };
  });
  await invalidateProducts([outcome.touched], 'admin:product-delete');
  return outcome.result;
}

// Bulk actions ----------------------------------------------------------------------------------

export interface BulkInput {
  action: BulkProductAction;
  ids: number[];
  family_id: number | null;
  brand_id: number | null;
}

/** Activate, deactivate, move to a family or set the brand of many products at once. */
export async function bulkUpdateProducts(input: BulkInput, viewer: ActorViewer): Promise<{ changed: number }> {
  const db = await getDb();
  const actor = actorOf(viewer);
  const ids = [...new Set(input.ids)];
  const outcome = await db.transaction(async (tx) => {
    let family: { id: number; code: string; chapterCode: number } | undefined;
    if (input.action === 'move_family') {
      [family] = await tx.select({ id: families.id, code: families.code, chapterCode: families.chapterCode }).from(families).where(eq(families.id, input.family_id ?? 0));
      if (!family) throw fieldError('family_id', 'familyUnknown');
    }
    if (input.action === 'set_brand' && input.brand_id !== null) {
      const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id));
      if (!brand) throw fieldError('brand_id', 'brandUnknown');
    }
    const rows = await tx
      .select({
        id: products.id,
        productCode: products.productCode,
        name: products.name,
        active: products.active,
        familyId: products.familyId,
        familyCode: families.code,
        chapterCode: products.chapterCode,
        brandId: products.brandId,
      })
      .from(products)
      .innerJoin(families, eq(families.id, products.familyId))
      .where(inArray(products.id, ids))
      .orderBy(products.id)
      .for('update', { of: products });
    const touched: Touched[] = [];
    const changes: CatalogueChangeInput[] = [];
    let changed = 0;
    for (const p of rows) {
      let set: Partial<typeof products.$inferInsert> | null = null;
      let auditBefore: Record<string, unknown> = {};
      let auditAfter: Record<string, unknown> = {};
      const base = { chapterCode: p.chapterCode, familyId: p.familyId, brandId: p.brandId, productId: p.id, productCode: p.productCode, productName: p.name };
      if (input.action === 'activate' && !p.active) {
        set = { active: true };
        auditBefore = { active: false };
        auditAfter = { active: true };
        changes.push({ ...base, kind: 'new' });
      } else if (input.action === 'deactivate' && p.active) {
        set = { active: false };
        auditBefore = { active: true };
        auditAfter = { active: false };
        changes.push({ ...base, kind: 'removed' });
      } else if (input.action === 'move_family' && family && p.familyId !== family.id) {
        set = { familyId: family.id, chapterCode: family.chapterCode };
        auditBefore = { family_id: String(p.familyId), chapter_code: String(p.chapterCode) };
        auditAfter = { family_id: String(family.id), chapter_code: String(family.chapterCode) };
        changes.push({ ...base, chapterCode: family.chapterCode, familyId: family.id, kind: 'text', field: 'family', before: p.familyCode, after: family.code });
      } else if (input.action === 'set_brand' && p.brandId !== input.brand_id) {
        set = { brandId: input.brand_id };
        auditBefore = { brand_id: p.brandId === null ? '' : String(p.brandId) };
        auditAfter = { brand_id: input.brand_id === null ? '' : String(input.brand_id) };
        changes.push({ ...base, brandId: input.brand_id, kind: 'text', field: 'brand', before: p.brandId, after: input.brand_id });
      }
      if (!set) continue;
      changed++;
      await tx
        .update(products)
        .set({ ...set, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
        .where(eq(products.id, p.id));
      await recordAudit(tx, { actor, entity: 'product', entityId: p.id, action: 'bulk', summary: `Ação em massa: ${input.action}`, before: auditBefore, after: auditAfter });
      touched.push({
        productCode: p.productCode,
        familyIds: new Set([p.familyId, ...(family ? [family.id] : [])]),
        chapterCodes: new Set([p.chapterCode, ...(family ? [family.chapterCode] : [])]),
        brandIds: new Set([p.brandId, input.action === 'set_brand' ? input.brand_id : null].filter((b): b is number => b !== null)),
        countsChanged: true,
      });
    }
    const changedIds = touched.length ? rows.filter((r) => touched.some((t) => t.productCode === r.productCode)).map((r) => r.id) : [];
    if (changedIds.length && (input.action === 'move_family' || input.action === 'set_brand')) await refreshProductDerived(tx, changedIds);
    await recordCatalogueChanges(tx, { source: 'admin', actor }, changes);
    return { changed, touched };
  });
  await invalidateProducts(outcome.touched, 'admin:product-bulk');
  return { changed: outcome.changed };
}
