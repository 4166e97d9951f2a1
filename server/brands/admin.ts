import 'server-only';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Snapshot } from '@/lib/admin/stale';
import { imageUrl } from '@/lib/catalogue/media';
import { slugify } from '@/lib/slug';
import { isDbId } from '@/lib/validation/ids';
import { BRAND_SLUG_MAX, type BrandInput } from '@/lib/validation/admin-brand';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { getDb, type DbOrTx } from '@/server/db/client';
import { brands, brandSlugRedirects, partnerLogos, products, supplierCatalogues } from '@/server/db/schema';

/**
 * The brands of the admin area: list with search and product counts; create and edit
 * (name, slug, logo, official site, membership and order in the home page's partner strip — the
 * `partner_logos` rows linked by `brand_id`, which the strip and /api/partner-logos read), each
 * save against the version the editor loaded, with its audit entry; and **merge** A into B: A's
 * products move to B, A's partner logo goes (or becomes B's when B has none), A is deleted, and
 * A's slug (with any slug that already led to A) redirects permanently to B's
 * (`brand_slug_redirects`, read by server/catalogue/resolve.ts).
 */

export const BRAND_ENTITY = 'brand';

export interface AdminBrandRow {
  id: number;
  name: string;
  slug: string;
  logoUrl: string;
  hasLogo: boolean;
  officialSite: string | null;
  productCount: number;
  partner: boolean;
  partnerOrder: number | null;
}

export interface AdminBrand extends AdminBrandRow {
  logo: string | null;
  version: number;
  /** Old slugs (merged brands) that lead here. */
  redirects: string[];
}

const K = (key: string) => `Admin.Brands.${key}`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const productCountSql = sql<number>`(SELECT count(*)::int FROM products p WHERE p.brand_id = "brands"."id")`;
const partnerOrderSql = sql<number | null>`(SELECT min(pl.sort_order) FROM partner_logos pl WHERE pl.brand_id = "brands"."id" AND pl.active)`;

type BrandRow = typeof brands.$inferSelect;

function toRow(r: { id: number; name: string; slug: string; logoPath: string | null; officialSite: string | null; productCount: number; partnerOrder: number | null }): AdminBrandRow {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    logoUrl: imageUrl(r.logoPath, 'brands', r.slug),
    hasLogo: Boolean(r.logoPath),
    officialSite: r.officialSite,
    productCount: Number(r.productCount),
    partner: r.partnerOrder !== null,
    partnerOrder: r.partnerOrder === null ? null : Number(r.partnerOrder),
  };
}

export async function listAdminBrands(options: { search?: string | null; limit: number; offset: number }): Promise<{ items: AdminBrandRow[]; total: number }> {
  const db = await getDb();
  const search = options.search?.trim();
  const where = search ? or(ilike(brands.name, likePattern(search)), ilike(brands.slug, likePattern(search))) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, slug: brands.slug, logoPath: brands.logoPath, officialSite: brands.officialSite, productCount: productCountSql, partnerOrder: partnerOrderSql })
      .from(brands)
      .where(where)
      .orderBy(asc(brands.name))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return { items: rows.map(toRow), total: Number(total?.n ?? 0) };
}

/** Every brand (id, name) for the merge picker. */
export async function listBrandChoices(): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

export async function getAdminBrand(id: number | string): Promise<AdminBrand | null> {
  if (!isDbId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, logoPath: brands.logoPath, officialSite: brands.officialSite, version: brands.version, productCount: productCountSql, partnerOrder: partnerOrderSql })
    .from(brands)
    .where(eq(brands.id, Number(id)));
  if (!row) return null;
  const redirects = await db.select({ slug: brandSlugRedirects.oldSlug }).from(brandSlugRedirects).where(eq(brandSlugRedirects.brandId, row.id)).orderBy(asc(brandSlugRedirects.oldSlug));
  return { ...toRow(row), logo: row.logoPath, version: row.version, redirects: redirects.map((r) => r.slug) };
}

async function partnerState(tx: DbOrTx, brandId: number): Promise<{ partner: boolean; partner_order: number }> {
  const [row] = await tx
    .select({ order: partnerLogos.sortOrder })
    .from(partnerLogos)
    .where(and(eq(partnerLogos.brandId, brandId), eq(partnerLogos.active, true)))
    .orderBy(asc(partnerLogos.sortOrder))
    .limit(1);
  return { partner: Boolean(row), partner_order: row?.order ?? 0 };
}

/** The record in the form's field names (audit entries and the stale notice). */
function snapshot(row: Pick<BrandRow, 'name' | 'slug' | 'logoPath' | 'officialSite'>, partner: { partner: boolean; partner_order: number }): Snapshot {
  return { name: row.name, slug: row.slug, logo: row.logoPath ?? '', official_site: row.officialSite ?? '', partner: partner.partner, partner_order: partner.partner_order };
}

function fieldError(field: string, key: string): AppError {
  return new AppError({ code: 'unprocessable', key, fieldErrors: { [field]: [key] } });
}

function extensionOf(url: string): string {
  const m = /\.([a-z0-9]+)(?:\?|$)/i.exec(url);
  return (m?.[1] ?? 'png').toLowerCase();
}

/** The brand's row in the partner strip: created, updated or switched off. */
async function syncPartner(tx: DbOrTx, brand: Pick<BrandRow, 'id' | 'name' | 'slug' | 'logoPath'>, partner: boolean, order: number): Promise<void> {
  const existing = await tx.select({ id: partnerLogos.id }).from(partnerLogos).where(eq(partnerLogos.brandId, brand.id)).orderBy(asc(partnerLogos.id));
  if (!partner) {
    if (existing.length) await tx.update(partnerLogos).set({ active: false, updatedAt: new Date() }).where(eq(partnerLogos.brandId, brand.id));
    return;
  }
  const url = imageUrl(brand.logoPath, 'brands', brand.slug);
  const values = { name: brand.name, url, extension: extensionOf(url), sortOrder: order, active: true, updatedAt: new Date() };
  const [first, ...rest] = existing;
  if (first) {
    await tx.update(partnerLogos).set(values).where(eq(partnerLogos.id, first.id));
    if (rest.length) await tx.delete(partnerLogos).where(inArray(partnerLogos.id, rest.map((r) => r.id)));
  } else {
    await tx.insert(partnerLogos).values({ ...values, brandId: brand.id });
  }
}

async function assertFree(tx: DbOrTx, name: string, slug: string, selfId: number | null): Promise<void> {
  const other = selfId === null ? undefined : ne(brands.id, selfId);
  const [byName] = await tx.select({ id: brands.id }).from(brands).where(and(sql`lower(${brands.name}) = lower(${name})`, other));
  if (byName) throw fieldError('name', K('validation.nameTaken'));
  const [bySlug] = await tx.select({ id: brands.id }).from(brands).where(and(eq(brands.slug, slug), other));
  const [redirected] = await tx
    .select({ brandId: brandSlugRedirects.brandId })
    .from(brandSlugRedirects)
    .where(and(eq(brandSlugRedirects.oldSlug, slug), selfId === null ? undefined : ne(brandSlugRedirects.brandId, selfId)));
  if (bySlug || redirected) throw fieldError('slug', K('validation.slugTaken'));
}

function brandTags(...ids: number[]): string[] {
  return [cacheTags.brands, cacheTags.catalogue, cacheTags.search, ...ids.map((id) => cacheTags.brand(id))];
}

/** Creates (no `id`) or updates a brand; returns its id and new version. */
export async function saveBrand(input: BrandInput, actor: AuditActor): Promise<{ id: number; version: number; slug: string }> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const slug = input.slug ?? (slugify(input.name).slice(0, BRAND_SLUG_MAX).replace(/-+$/, '') || 'marca');
    if (input.id === undefined) {
      await assertFree(tx, input.name, slug, null);
      const [row] = await tx.insert(brands).values({ name: input.name, slug, logoPath: input.logo, officialSite: input.official_site }).returning();
      await syncPartner(tx, row!, input.partner, input.partner_order);
      await recordAudit(tx, { actor, entity: BRAND_ENTITY, entityId: row!.id, action: 'create', summary: `Marca «${row!.name}» criada`, after: snapshot(row!, { partner: input.partner, partner_order: input.partner_order }) });
      return row!;
    }
    const [before] = await tx.select().from(brands).where(eq(brands.id, input.id)).for('update');
    if (!before) throw new AppError({ code: 'not_found', key: K('notFound') });
    const beforePartner = await partnerState(tx, before.id);
    if (input.version !== undefined) assertVersion(input.version, before.version, () => snapshot(before, beforePartner));
    await assertFree(tx, input.name, slug, before.id);
    const [after] = await tx
      .update(brands)
      .set({ name: input.name, slug, logoPath: input.logo, officialSite: input.official_site, version: before.version + 1, updatedAt: new Date() })
      .where(eq(brands.id, before.id))
      .returning();
    // A changed slug: the old one keeps working (and is no longer free for another brand).
    if (before.slug !== slug) {
      await tx.delete(brandSlugRedirects).where(eq(brandSlugRedirects.oldSlug, slug));
      await tx.insert(brandSlugRedirects).values({ oldSlug: before.slug, brandId: before.id }).onConflictDoUpdate({ target: brandSlugRedirects.oldSlug, set: { brandId: before.id } });
    }
    await syncPartner(tx, after!, input.partner, input.partner_order);
    await recordAudit(tx, {
      actor,
      entity: BRAND_ENTITY,
      entityId: before.id,
      action: 'update',
      summary: `Marca «${after!.name}» alterada`,
      before: snapshot(before, beforePartner),
      after: snapshot(after!, { partner: input.partner, partner_order: input.partner_order }),
    });
    return after!;
  });
  await invalidateCache(brandTags(saved.id), { reason: 'brand-save' });
  return { id: saved.id, version: saved.version, slug: saved.slug };
}

/**
 * Merges brand `sourceId` into `targetId` (one transaction): products move, the source's partner
 * logo is dropped (or handed to the target when it has none), its slugs redirect to the target's,
 * the source is deleted; audit 'merge' on both.
 */
export async function mergeBrands(sourceId: number, targetId: number, actor: AuditActor): Promise<{ target: { id: number; name: string; slug: string }; moved: number }> {
  if (!isDbId(sourceId) || !isDbId(targetId)) throw new AppError({ code: 'not_found', key: K('notFound') });
  if (sourceId === targetId) throw fieldError('target_id', K('validation.mergeSame'));
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const locked = await tx.select().from(brands).where(inArray(brands.id, [sourceId, targetId])).orderBy(asc(brands.id)).for('update');
    const source = locked.find((b) => b.id === sourceId);
    const target = locked.find((b) => b.id === targetId);
    if (!source || !target) throw new AppError({ code: 'not_found', key: K('notFound') });
    const sourcePartner = await partnerState(tx, source.id);
    const targetPartner = await partnerState(tx, target.id);
    const moved = await tx.update(products).set({ brandId: target.id, updatedAt: new Date() }).where(eq(products.brandId, source.id)).returning({ id: products.id });
    if (sourcePartner.partner && !targetPartner.partner) {
      await syncPartner(tx, target, true, sourcePartner.partner_order);
    }
    await tx.delete(partnerLogos).where(eq(partnerLogos.brandId, source.id));
    // The source's factory catalogues belong to the target now (they would go with the source).
    await tx.update(supplierCatalogues).set({ brandId: target.id, updatedAt: new Date() }).where(eq(supplierCatalogues.brandId, source.id));
    // Slugs that led to the source now lead to the target; the source's own slug joins them.
    await tx.update(brandSlugRedirects).set({ brandId: target.id }).where(eq(brandSlugRedirects.brandId, source.id));
    await tx.insert(brandSlugRedirects).values({ oldSlug: source.slug, brandId: target.id }).onConflictDoUpdate({ target: brandSlugRedirects.oldSlug, set: { brandId: target.id } });
    await tx.delete(brands).where(eq(brands.id, source.id));
    const summary = `Marca «${source.name}» fundida em «${target.name}» (${moved.length} produto(s) movido(s))`;
    await recordAudit(tx, { actor, entity: BRAND_ENTITY, entityId: source.id, action: 'merge', summary, before: snapshot(source, sourcePartner), after: { merged_into: target.id, merged_into_name: target.name } });
    await recordAudit(tx, { actor, entity: BRAND_ENTITY, entityId: target.id, action: 'merge', summary, before: { merged_from: null }, after: { merged_from: source.name, products_moved: moved.length } });
    return { target: { id: target.id, name: target.name, slug: target.slug }, moved: moved.length, productIds: moved.map((m) => m.id) };
  });
  await invalidateCache(brandTags(sourceId, targetId), { reason: 'brand-merge' });
  return { target: result.target, moved: result.moved };
}
