import 'server-only';
import { sql } from 'drizzle-orm';
import { formatAttributes } from '@/lib/catalogue/attributes';
import { canonicalMoney } from '@/lib/catalogue/decimal';
import { slugify } from '@/lib/slug';
import { refreshProductDerived } from '@/server/catalogue/derived';
import type { Tx } from '@/server/db/client';
import { appState, brands, families, inventoryProducts, modelAttributes, products } from '@/server/db/schema';
import type { CatalogueInput } from './validate';

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

const counts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0 });

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const money = (v: string) => canonicalMoney(Number(v).toFixed(4));

/** A model's comparable state, as text: equal text ⇔ nothing to write. */
function modelSignature(m: {
  name: string;
  productId: number;
  size: string | null;
  price: string;
  discountGroup: string | null;
  ean: string | null;
  stockStatus: string;
  smallPackage: string | null;
  mediumPackage: string | null;
  largePackage: string | null;
  attributes: string;
}): string {
  return JSON.stringify([
    m.name,
    m.productId,
    m.size,
    money(m.price),
    m.discountGroup,
    m.ean,
    m.stockStatus,
    m.smallPackage,
    m.mediumPackage,
    m.largePackage,
    m.attributes,
  ]);
}

/**
 * Writes a validated catalogue inside the caller's transaction: upserts by family code, brand
 * name, product code and model code, writing only what differs. Returns what changed.
 */
export async function applyCatalogue(tx: Tx, input: CatalogueInput, onProgress?: ProgressFn): Promise<ImportSummary> {
  const summary: ImportSummary = { families: counts(), brands: counts(), products: counts(), models: counts() };
  const progress = onProgress ?? (() => undefined);

  // Families --------------------------------------------------------------------------------
  const familyRows = await tx
    .select({ id: families.id, code: families.code, title: families.title, chapterCode: families.chapterCode })
    .from(families);
  const familyByCode = new Map(familyRows.map((f) => [f.code, f]));
  const familyWrites: (typeof families.$inferInsert)[] = [];
  for (const f of input.families.values()) {
    const existing = familyByCode.get(f.code);
    if (!existing) {
      summary.families.created++;
      familyWrites.push({ code: f.code, chapterCode: f.chapterCode, title: f.title!, slug: slugify(f.title!) });
    } else if ((f.title && f.title !== existing.title) || f.chapterCode !== existing.chapterCode) {
      summary.families.updated++;
      const title = f.title ?? existing.title;
      familyWrites.push({ code: f.code, chapterCode: f.chapterCode, title, slug: slugify(title) });
    } else summary.families.unchanged++;
  }
  for (const batch of chunks(familyWrites, 500)) {
    const written = await tx
      .insert(families)
      .values(batch)
      .onConflictDoUpdate({
        target: families.code,
        set: {
          title: sql`excluded.title`,
          slug: sql`excluded.slug`,
          chapterCode: sql`excluded.chapter_code`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: families.id, code: families.code, title: families.title, chapterCode: families.chapterCode });
    for (const f of written) familyByCode.set(f.code, f);
  }

  // Brands ----------------------------------------------------------------------------------
  const brandRows = await tx.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands);
  const brandByName = new Map(brandRows.map((b) => [b.name, b.id]));
  const usedSlugs = new Set(brandRows.map((b) => b.slug));
  const brandWrites: (typeof brands.$inferInsert)[] = [];
  for (const name of input.brands) {
    if (brandByName.has(name)) {
      summary.brands.unchanged++;
      continue;
    }
    summary.brands.created++;
    let slug = slugify(name) || 'marca';
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(name) || 'marca'}-${n}`;
    usedSlugs.add(slug);
    brandWrites.push({ name, slug });
  }
  for (const batch of chunks(brandWrites, 500)) {
    const written = await tx.insert(brands).values(batch).returning({ id: brands.id, name: brands.name });
    for (const b of written) brandByName.set(b.name, b.id);
  }

  // Products --------------------------------------------------------------------------------
  const productRows = await tx
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
  const productWrites: (typeof products.$inferInsert)[] = [];
  const touchedProducts = new Set<string>();
  for (const p of input.products.values()) {
    const values = {
      productCode: p.productCode,
      name: p.name,
      slug: slugify(p.name),
      description: p.description,
      chapterCode: p.chapterCode,
      familyId: familyByCode.get(p.familyCode)!.id,
      brandId: p.brand ? brandByName.get(p.brand)! : null,
      photoPath: p.image,
    };
    const existing = productByCode.get(p.productCode);
    if (!existing) summary.products.created++;
    else if (
      existing.name !== values.name ||
      existing.description !== values.description ||
      existing.chapterCode !== values.chapterCode ||
      existing.familyId !== values.familyId ||
      existing.brandId !== values.brandId ||
      existing.photoPath !== values.photoPath
    ) {
      summary.products.updated++;
    } else {
      summary.products.unchanged++;
      continue;
    }
    touchedProducts.add(p.productCode);
    productWrites.push(values);
  }
  let done = 0;
  for (const batch of chunks(productWrites, 1000)) {
    const written = await tx
      .insert(products)
      .values(batch)
      .onConflictDoUpdate({
        target: products.productCode,
        set: {
          name: sql`excluded.name`,
          slug: sql`excluded.slug`,
          description: sql`excluded.description`,
          chapterCode: sql`excluded.chapter_code`,
          familyId: sql`excluded.family_id`,
          brandId: sql`excluded.brand_id`,
          photoPath: sql`excluded.photo_path`,
          photoUpdatedAt: sql`CASE WHEN products.photo_path IS DISTINCT FROM excluded.photo_path THEN now() ELSE products.photo_updated_at END`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        id: products.id,
        productCode: products.productCode,
        name: products.name,
        description: products.description,
        chapterCode: products.chapterCode,
        familyId: products.familyId,
        brandId: products.brandId,
        photoPath: products.photoPath,
      });
    for (const p of written) productByCode.set(p.productCode, p);
    done += batch.length;
    progress('produtos', done, productWrites.length);
  }

  // Models ----------------------------------------------------------------------------------
  const modelRows = await tx.execute<{
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
        id: m.id,
        signature: modelSignature({
          name: m.name,
          productId: m.product_id,
          size: m.size,
          price: m.price,
          discountGroup: m.discount_group,
          ean: m.ean,
          stockStatus: m.stock_status,
          smallPackage: m.small_package,
          mediumPackage: m.medium_package,
          largePackage: m.large_package,
          attributes: m.attributes ?? '',
        }),
        productId: m.product_id,
      },
    ]),
  );
  const modelWrites: (typeof inventoryProducts.$inferInsert)[] = [];
  const attributesByCode = new Map<string, CatalogueInput['models'][number]['attributes']>();
  const changedProductIds = new Set<number>();
  for (const code of touchedProducts) changedProductIds.add(productByCode.get(code)!.id);
  for (const m of input.models) {
    const productId = productByCode.get(m.productCode)!.id;
    const values = {
      code: m.code,
      name: m.name,
      productId,
      size: m.size,
      price: m.price,
      discountGroup: m.discountGroup,
      ean: m.ean,
      stockStatus: m.stockStatus,
      smallPackage: m.smallPackage,
      mediumPackage: m.mediumPackage,
      largePackage: m.largePackage,
    };
    const existing = modelByCode.get(m.code);
    if (existing && existing.signature === modelSignature({ ...values, attributes: formatAttributes(m.attributes) })) {
      summary.models.unchanged++;
      continue;
    }
    if (existing) {
      summary.models.updated++;
      changedProductIds.add(existing.productId);
    } else summary.models.created++;
    changedProductIds.add(productId);
    modelWrites.push(values);
    attributesByCode.set(m.code, m.attributes);
  }
  done = 0;
  const attributeWrites: (typeof modelAttributes.$inferInsert)[] = [];
  const rewrittenModelIds: number[] = [];
  for (const batch of chunks(modelWrites, 1000)) {
    const written = await tx
      .insert(inventoryProducts)
      .values(batch)
      .onConflictDoUpdate({
        target: inventoryProducts.code,
        set: {
          name: sql`excluded.name`,
          productId: sql`excluded.product_id`,
          size: sql`excluded.size`,
          price: sql`excluded.price`,
          discountGroup: sql`excluded.discount_group`,
          ean: sql`excluded.ean`,
          stockStatus: sql`excluded.stock_status`,
          smallPackage: sql`excluded.small_package`,
          mediumPackage: sql`excluded.medium_package`,
          largePackage: sql`excluded.large_package`,
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
    progress('modelos', done, modelWrites.length);
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
  await refreshProductDerived(tx, [...changedProductIds]);
  progress('concluído', 1, 1);
  return summary;
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
