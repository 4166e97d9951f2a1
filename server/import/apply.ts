import 'server-only';
import { sql } from 'drizzle-orm';
import { formatAttributes } from '@/lib/catalogue/attributes';
import { canonicalMoney } from '@/lib/catalogue/decimal';
import { slugify } from '@/lib/slug';
import type { AuditActor } from '@/server/admin/audit';
import { refreshProductDerived } from '@/server/catalogue/derived';
import { recordCatalogueChanges, type CatalogueChangeInput } from '@/server/catalogue/changes';
import type { DbOrTx, Tx } from '@/server/db/client';
import { appState, brands, families, inventoryProducts, modelAttributes, products, type CatalogueChangeKind } from '@/server/db/schema';
import { fromExcluded } from '@/server/db/upsert';
import type { CatalogueInput, ModelInput } from './validate';

export interface EntityCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportSummary {
  families: EntityCounts;
  brands: EntityCounts;
  products: EntityCounts;
  models: EntityCounts;
}

export type ProgressFn = (phase: string, done: number, total: number) => void;

/**
 * One change the import makes to the printed catalogue, before it is written (ids resolved at
 * write time): what the change log records and what the preview shows.
 */
export interface PlannedChange {
  kind: CatalogueChangeKind;
  chapterCode: number;
  familyCode: string;
  brand: string | null;
  productCode: string;
  productName: string;
  modelCode: string | null;
  field: string | null;
  before: string | null;
  after: string | null;
}

/** A sample line of the preview: a created or updated family, brand, product or model. */
export interface PlanSample {
  code: string;
  name: string;
  /** For an update, the fields that change. */
  fields?: string[];
}

export type PlanEntity = keyof ImportSummary;

/**
 * What an import would do, computed from the file and the database without writing anything
 * (`planCatalogue`), and then written as it is (`writeCataloguePlan`): the preview's counts are
 * the import's by construction.
 */
export interface CataloguePlan {
  summary: ImportSummary;
  samples: Record<PlanEntity, { created: PlanSample[]; updated: PlanSample[] }>;
  changes: PlannedChange[];
  /** True when the catalogue had no product before (the first fill). */
  firstFill: boolean;
  familyWrites: (typeof families.$inferInsert)[];
  brandWrites: (typeof brands.$inferInsert)[];
  productWrites: ProductWrite[];
  modelWrites: ModelWrite[];
  /** Ids of existing products whose data or models change (for the derived values). */
  changedProductIds: number[];
  /** Codes of products whose data or models change (ids of new products known after writing). */
  changedProductCodes: string[];
}

interface ProductWrite {
  productCode: string;
  name: string;
  slug: string;
  description: string | null;
  chapterCode: number;
  familyCode: string;
  brand: string | null;
  photoPath: string | null;
}

interface ModelWrite {
  model: ModelInput;
}

const SAMPLE_SIZE = 10;

const counts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0 });

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const money = (v: string) => canonicalMoney(Number(v).toFixed(4));

/** The columns of `inventory_products` an import takes from the file as they are (besides `code` and the product). */
const MODEL_COLUMNS = ['name', 'size', 'price', 'discountGroup', 'ean', 'stockStatus', 'smallPackage', 'mediumPackage', 'largePackage'] as const;
type ModelColumns = Pick<ModelInput, (typeof MODEL_COLUMNS)[number]>;
const modelColumnsOf = (m: ModelInput): ModelColumns => Object.fromEntries(MODEL_COLUMNS.map((k) => [k, m[k]])) as ModelColumns;

/** The fields of a model the plan compares, as text (the import's own normal form). */
type ModelState = Omit<ModelColumns, 'stockStatus'> & { stockStatus: string; productCode: string; attributes: string };

/** Model fields recorded as 'text' changes (the stock state is not printed: not recorded). */
const MODEL_TEXT_FIELDS = [
  ['name', 'name'],
  ['size', 'size'],
  ['discountGroup', 'discount_group'],
  ['ean', 'ean'],
  ['smallPackage', 'small_package'],
  ['mediumPackage', 'medium_package'],
  ['largePackage', 'large_package'],
  ['attributes', 'attributes'],
  ['productCode', 'product_id'],
] as const satisfies readonly (readonly [keyof ModelState, string])[];

const MODEL_ALL_FIELDS = [...MODEL_TEXT_FIELDS.map(([k, f]) => [k, f] as const), ['price', 'price'] as const, ['stockStatus', 'stock_status'] as const];

function modelChangedFields(a: ModelState, b: ModelState): string[] {
  return MODEL_ALL_FIELDS.filter(([k]) => (k === 'price' ? money(a.price) !== money(b.price) : a[k] !== b[k])).map(([, f]) => f);
}

/**
 * Compares a validated catalogue with the database (read only; any handle): what would be
 * created, updated or left, and the change-log lines. `writeCataloguePlan` writes it.
 */
export async function planCatalogue(db: DbOrTx, input: CatalogueInput): Promise<CataloguePlan> {
  const summary: ImportSummary = { families: counts(), brands: counts(), products: counts(), models: counts() };
  const samples: CataloguePlan['samples'] = {
    families: { created: [], updated: [] },
    brands: { created: [], updated: [] },
    products: { created: [], updated: [] },
    models: { created: [], updated: [] },
  };
  const sample = (entity: PlanEntity, kind: 'created' | 'updated', s: PlanSample) => {
    const list = samples[entity][kind];
    if (list.length < SAMPLE_SIZE) list.push(s);
  };
  const changes: PlannedChange[] = [];

  // Families --------------------------------------------------------------------------------
  const familyRows = await db
    .select({ id: families.id, code: families.code, title: families.title, chapterCode: families.chapterCode })
    .from(families);
  const familyByCode = new Map(familyRows.map((f) => [f.code, f]));
  const familyCodeById = new Map(familyRows.map((f) => [f.id, f.code]));
  const familyWrites: (typeof families.$inferInsert)[] = [];
  for (const f of input.families.values()) {
    const existing = familyByCode.get(f.code);
    if (!existing) {
      summary.families.created++;
      sample('families', 'created', { code: f.code, name: f.title! });
      familyWrites.push({ code: f.code, chapterCode: f.chapterCode, title: f.title!, slug: slugify(f.title!) });
    } else if ((f.title && f.title !== existing.title) || f.chapterCode !== existing.chapterCode) {
      summary.families.updated++;
      const title = f.title ?? existing.title;
      sample('families', 'updated', { code: f.code, name: title, fields: title !== existing.title ? ['family_title'] : ['chapter_code'] });
      familyWrites.push({ code: f.code, chapterCode: f.chapterCode, title, slug: slugify(title) });
    } else summary.families.unchanged++;
  }

  // Brands ----------------------------------------------------------------------------------
  const brandRows = await db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands);
  const brandNameById = new Map(brandRows.map((b) => [b.id, b.name]));
  const knownBrands = new Set(brandRows.map((b) => b.name));
  const usedSlugs = new Set(brandRows.map((b) => b.slug));
  const brandWrites: (typeof brands.$inferInsert)[] = [];
  for (const name of input.brands) {
    if (knownBrands.has(name)) {
      summary.brands.unchanged++;
      continue;
    }
    summary.brands.created++;
    sample('brands', 'created', { code: name, name });
    let slug = slugify(name) || 'marca';
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name) || 'marca'}-${n}`;
    usedSlugs.add(slug);
    brandWrites.push({ name, slug });
  }

  // Products --------------------------------------------------------------------------------
  const productRows = await db
    .select({
      id: products.id,
      productCode: products.productCode,
      name: products.name,
      description: products.description,
      chapterCode: products.chapterCode,
      familyId: products.familyId,
      brandId: products.brandId,
      photoPath: products.photoPath,
    })
    .from(products);
  const productByCode = new Map(productRows.map((p) => [p.productCode, p]));
  const productCodeById = new Map(productRows.map((p) => [p.id, p.productCode]));
  const productWrites: ProductWrite[] = [];
  const changedProductCodes = new Set<string>();
  const changedProductIds = new Set<number>();
  const newProducts = new Set<string>();
  for (const p of input.products.values()) {
    const values: ProductWrite = {
      productCode: p.productCode,
      name: p.name,
      slug: slugify(p.name),
      description: p.description,
      chapterCode: p.chapterCode,
      familyCode: p.familyCode,
      brand: p.brand,
      photoPath: p.image,
    };
    const existing = productByCode.get(p.productCode);
    const base = { chapterCode: p.chapterCode, familyCode: p.familyCode, brand: p.brand, productCode: p.productCode, productName: p.name, modelCode: null };
    if (!existing) {
      summary.products.created++;
      newProducts.add(p.productCode);
      sample('products', 'created', { code: p.productCode, name: p.name });
      changes.push({ ...base, kind: 'new', field: null, before: null, after: null });
    } else {
      const before: Record<string, string | number | null> = {
        name: existing.name,
        description: existing.description,
        chapter_code: existing.chapterCode,
        family_code: familyCodeById.get(existing.familyId) ?? null,
        brand: existing.brandId === null ? null : (brandNameById.get(existing.brandId) ?? null),
        image: existing.photoPath,
      };
      const after: Record<string, string | number | null> = {
        name: values.name,
        description: values.description,
        chapter_code: values.chapterCode,
        family_code: values.familyCode,
        brand: values.brand,
        image: values.photoPath,
      };
      const fields = Object.keys(after).filter((k) => before[k] !== after[k]);
      if (fields.length === 0) {
        summary.products.unchanged++;
        continue;
      }
      summary.products.updated++;
      changedProductIds.add(existing.id);
      sample('products', 'updated', { code: p.productCode, name: p.name, fields });
      for (const field of fields) {
        const b = before[field];
        const a = after[field];
        changes.push({ ...base, kind: 'text', field, before: b === null || b === undefined ? null : String(b), after: a === null || a === undefined ? null : String(a) });
      }
    }
    changedProductCodes.add(p.productCode);
    productWrites.push(values);
  }

  // Models ----------------------------------------------------------------------------------
  const modelRows = await db.execute<{
    id: number;
    code: string;
    name: string;
    product_id: number;
    size: string | null;
    price: string;
    discount_group: string | null;
    ean: string | null;
    stock_status: string;
    small_package: string | null;
    medium_package: string | null;
    large_package: string | null;
    attributes: string | null;
  }>(sql`
    SELECT m.id, m.code, m.name, m.product_id, m.size, m.price::text AS price, m.discount_group, m.ean,
      m.stock_status, m.small_package, m.medium_package, m.large_package,
      (SELECT string_agg(a.name || '=' || a.value || coalesce(' ' || a.unit, ''), '|' ORDER BY a.position)
         FROM model_attributes a WHERE a.model_id = m.id) AS attributes
    FROM inventory_products m`);
  const modelByCode = new Map(
    modelRows.rows.map((m) => [
      m.code,
      {
        productId: m.product_id,
        state: {
          name: m.name,
          productCode: productCodeById.get(m.product_id) ?? `#${m.product_id}`,
          size: m.size,
          price: m.price,
          discountGroup: m.discount_group,
          ean: m.ean,
          stockStatus: m.stock_status,
          smallPackage: m.small_package,
          mediumPackage: m.medium_package,
          largePackage: m.large_package,
          attributes: m.attributes ?? '',
        } satisfies ModelState,
      },
    ]),
  );
  const modelWrites: ModelWrite[] = [];
  for (const m of input.models) {
    const state: ModelState = { ...modelColumnsOf(m), productCode: m.productCode, attributes: formatAttributes(m.attributes) };
    const existing = modelByCode.get(m.code);
    const product = input.products.get(m.productCode)!;
    const base = { chapterCode: product.chapterCode, familyCode: product.familyCode, brand: product.brand, productCode: m.productCode, productName: product.name, modelCode: m.code };
    if (existing) {
      const fields = modelChangedFields(existing.state, state);
      if (fields.length === 0) {
        summary.models.unchanged++;
        continue;
      }
      summary.models.updated++;
      sample('models', 'updated', { code: m.code, name: m.name, fields });
      changedProductIds.add(existing.productId);
      if (money(existing.state.price) !== money(state.price)) {
        changes.push({ ...base, kind: 'price', field: 'price', before: money(existing.state.price), after: money(state.price) });
      }
      for (const [key, field] of MODEL_TEXT_FIELDS) {
        if (existing.state[key] !== state[key]) changes.push({ ...base, kind: 'text', field, before: existing.state[key] || null, after: state[key] || null });
      }
    } else {
      summary.models.created++;
      sample('models', 'created', { code: m.code, name: m.name });
      // A new product's models come with its own 'new' line.
      if (!newProducts.has(m.productCode)) changes.push({ ...base, kind: 'new', field: null, before: null, after: money(m.price) });
    }
    changedProductCodes.add(m.productCode);
    modelWrites.push({ model: m });
  }

  return {
    summary,
    samples,
    changes,
    firstFill: productRows.length === 0,
    familyWrites,
    brandWrites,
    productWrites,
    modelWrites,
    changedProductIds: [...changedProductIds],
    changedProductCodes: [...changedProductCodes],
  };
}

export interface ApplyOptions {
  onProgress?: ProgressFn;
  /**
   * Records the plan's changes in the catalogue change log (same transaction). Not on the first
   * fill of an empty catalogue: every product would be a 'new' line, and a chapter never printed
   * has no baseline to compare with.
   */
  record?: { source: 'import' | 'admin' | 'erp'; actor?: AuditActor };
}

/** Change-log lines by kind. */
export type ChangeCounts = Record<CatalogueChangeKind, number>;

/** Writes a plan inside the caller's transaction; returns the change-log lines written, by kind. */
export async function writeCataloguePlan(tx: Tx, plan: CataloguePlan, options: ApplyOptions = {}): Promise<ChangeCounts> {
  const progress = options.onProgress ?? (() => undefined);

  const familyByCode = new Map(
    (await tx.select({ id: families.id, code: families.code }).from(families)).map((f) => [f.code, f.id]),
  );
  for (const batch of chunks(plan.familyWrites, 500)) {
    const written = await tx
      .insert(families)
      .values(batch)
      .onConflictDoUpdate({
        target: families.code,
        set: {
          ...fromExcluded(families, ['title', 'slug', 'chapterCode']),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: families.id, code: families.code });
    for (const f of written) familyByCode.set(f.code, f.id);
  }

  const brandByName = new Map((await tx.select({ id: brands.id, name: brands.name }).from(brands)).map((b) => [b.name, b.id]));
  for (const batch of chunks(plan.brandWrites, 500)) {
    const written = await tx.insert(brands).values(batch).returning({ id: brands.id, name: brands.name });
    for (const b of written) brandByName.set(b.name, b.id);
  }

  const productByCode = new Map(
    (await tx.select({ id: products.id, productCode: products.productCode }).from(products)).map((p) => [p.productCode, p.id]),
  );
  let done = 0;
  for (const batch of chunks(plan.productWrites, 1000)) {
    const written = await tx
      .insert(products)
      .values(
        batch.map((p) => ({
          productCode: p.productCode,
          name: p.name,
          slug: p.slug,
          description: p.description,
          chapterCode: p.chapterCode,
          familyId: familyByCode.get(p.familyCode)!,
          brandId: p.brand ? brandByName.get(p.brand)! : null,
          photoPath: p.photoPath,
        })),
      )
      .onConflictDoUpdate({
        target: products.productCode,
        set: {
          ...fromExcluded(products, ['name', 'slug', 'description', 'chapterCode', 'familyId', 'brandId', 'photoPath']),
          photoUpdatedAt: sql`CASE WHEN products.photo_path IS DISTINCT FROM excluded.photo_path THEN now() ELSE products.photo_updated_at END`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: products.id, productCode: products.productCode });
    for (const p of written) productByCode.set(p.productCode, p.id);
    done += batch.length;
    progress('produtos', done, plan.productWrites.length);
  }

  done = 0;
  const attributeWrites: (typeof modelAttributes.$inferInsert)[] = [];
  const rewrittenModelIds: number[] = [];
  const attributesByCode = new Map(plan.modelWrites.map(({ model }) => [model.code, model.attributes]));
  for (const batch of chunks(plan.modelWrites, 1000)) {
    const written = await tx
      .insert(inventoryProducts)
      .values(
        batch.map(({ model: m }) => ({ code: m.code, productId: productByCode.get(m.productCode)!, ...modelColumnsOf(m) })),
      )
      .onConflictDoUpdate({
        target: inventoryProducts.code,
        set: {
          ...fromExcluded(inventoryProducts, ['productId', ...MODEL_COLUMNS]),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: inventoryProducts.id, code: inventoryProducts.code });
    for (const { id, code } of written) {
      rewrittenModelIds.push(id);
      (attributesByCode.get(code) ?? []).forEach((a, position) =>
        attributeWrites.push({ modelId: id, position, name: a.name, value: a.value, unit: a.unit }),
      );
    }
    done += batch.length;
    progress('modelos', done, plan.modelWrites.length);
  }
  for (const ids of chunks(rewrittenModelIds, 5000)) {
    await tx.execute(sql.raw(`DELETE FROM model_attributes WHERE model_id = ANY('{${ids.join(',')}}'::int[])`));
  }
  done = 0;
  for (const batch of chunks(attributeWrites, 5000)) {
    await tx.insert(modelAttributes).values(batch);
    done += batch.length;
    progress('atributos', done, attributeWrites.length);
  }

  // Derived values of every product whose data or models changed.
  const changedIds = new Set(plan.changedProductIds);
  for (const code of plan.changedProductCodes) {
    const id = productByCode.get(code);
    if (id !== undefined) changedIds.add(id);
  }
  await refreshProductDerived(tx, [...changedIds]);

  // The change log, in the same transaction.
  const recorded: ChangeCounts = { price: 0, new: 0, removed: 0, text: 0 };
  if (options.record && !plan.firstFill && plan.changes.length) {
    const rows: CatalogueChangeInput[] = plan.changes.map((c) => ({
      kind: c.kind,
      chapterCode: c.chapterCode,
      familyId: familyByCode.get(c.familyCode) ?? null,
      brandId: c.brand ? (brandByName.get(c.brand) ?? null) : null,
      productId: productByCode.get(c.productCode) ?? null,
      productCode: c.productCode,
      productName: c.productName,
      modelCode: c.modelCode,
      field: c.field,
      before: c.before,
      after: c.after,
    }));
    await recordCatalogueChanges(tx, options.record, rows);
    for (const c of plan.changes) recorded[c.kind]++;
  }
  progress('concluído', 1, 1);
  return recorded;
}

/**
 * Writes a validated catalogue inside the caller's transaction: upserts by family code, brand
 * name, product code and model code, writing only what differs. Returns what changed.
 */
export async function applyCatalogue(tx: Tx, input: CatalogueInput, options: ApplyOptions | ProgressFn = {}): Promise<ImportSummary> {
  const opts = typeof options === 'function' ? { onProgress: options } : options;
  const plan = await planCatalogue(tx, input);
  await writeCataloguePlan(tx, plan, opts);
  return plan.summary;
}
/**
 * Records how the catalogue was filled (so a later start does not add the demo catalogue). The
 * first fill is kept, except that a real import replaces 'demo': the catalogue is no longer the
 * demo one (and the demo accounts go, server/import/index.ts).
 */
export async function markCatalogueSource(tx: Tx, source: 'demo' | 'import', detail: Record<string, unknown> = {}) {
  const value = { source, at: new Date().toISOString(), ...detail };
  const insert = tx.insert(appState).values({ key: 'catalogue', value });
  if (source === 'import') {
    await insert.onConflictDoUpdate({ target: appState.key, set: { value }, where: sql`${appState.value}->>'source' = 'demo'` });
  } else {
    await insert.onConflictDoNothing();
  }
}
