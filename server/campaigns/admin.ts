import 'server-only';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Snapshot } from '@/lib/admin/stale';
import { toLisbonInput } from '@/lib/campaigns/dates';
import { imageUrl } from '@/lib/catalogue/media';
import { slugify } from '@/lib/slug';
import { isDbId } from '@/lib/validation/ids';
import { CAMPAIGN_SLUG_MAX, END_BEFORE_START, type CampaignCreate, type CampaignUpdate } from '@/lib/validation/admin-campaign';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { getDb, type DbOrTx } from '@/server/db/client';
import { campaignProducts, campaigns, products } from '@/server/db/schema';
import { getJobs } from '@/server/jobs';
import { scheduleCampaignBoundaries } from './schedule';

/**
 * The campaigns of the admin area and the write calls of spec 7 (POST/PUT/DELETE
 * /api/campaigns): list with search, state filter, sort and paging; one campaign for its form;
 * create, update (optionally against the version the editor loaded) and delete, each in one
 * transaction with its audit entry and its boundary jobs, then the cache tags it touched
 * (`campaigns`, `campaign:<slug>` old and new: the list, the campaign page, the home carousel).
 */

export const CAMPAIGN_ENTITY = 'campaign';

export type CampaignState = 'scheduled' | 'current' | 'ended' | 'inactive';

export interface AdminCampaignProduct {
  code: string;
  name: string;
  imageUrl: string;
  active: boolean;
}

export interface AdminCampaign {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  category: string | null;
  /** The stored image (an upload's URL), null for the generated one. */
  image: string | null;
  /** What the shop shows (the upload, or the generated image). */
  imageUrl: string;
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
  featured: boolean;
  version: number;
  state: CampaignState;
  product_codes: string[];
  products: AdminCampaignProduct[];
  created_at: string;
  updated_at: string;
}

export interface AdminCampaignRow {
  id: number;
  slug: string;
  title: string;
  category: string | null;
  imageUrl: string;
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
  featured: boolean;
  state: CampaignState;
  productCount: number;
  updated_at: string;
}

const K = (key: string) => `Admin.Campaigns.${key}`;

export function campaignState(row: { active: boolean; startsAt: Date | null; endsAt: Date | null }, now = new Date()): CampaignState {
  if (!row.active) return 'inactive';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.endsAt && row.endsAt.getTime() < now.getTime()) return 'ended';
  return 'current';
}

type CampaignRow = typeof campaigns.$inferSelect;

/* ---------------------------------------------------------------- reads */

export const CAMPAIGN_FILTERS = ['active', 'current', 'scheduled', 'ended', 'featured', 'inactive'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];
export const CAMPAIGN_SORTS = ['start-desc', 'start-asc', 'end-asc', 'end-desc', 'updated'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

function filterCondition(filter: CampaignFilter | null, now: Date): SQL | undefined {
  switch (filter) {
    case 'active':
      return eq(campaigns.active, true);
    case 'inactive':
      return eq(campaigns.active, false);
    case 'featured':
      return eq(campaigns.featured, true);
    case 'scheduled':
      return and(eq(campaigns.active, true), isNotNull(campaigns.startsAt), gt(campaigns.startsAt, now));
    case 'ended':
      return and(isNotNull(campaigns.endsAt), lt(campaigns.endsAt, now));
    case 'current':
      return and(
        eq(campaigns.active, true),
        or(isNull(campaigns.startsAt), lte(campaigns.startsAt, now)),
        or(isNull(campaigns.endsAt), sql`${campaigns.endsAt} >= ${now}`),
      );
    default:
      return undefined;
  }
}

function sortOrder(sort: CampaignSort): SQL[] {
  switch (sort) {
    case 'start-asc':
      return [sql`${campaigns.startsAt} ASC NULLS FIRST`, asc(campaigns.id)];
    case 'end-asc':
      return [sql`${campaigns.endsAt} ASC NULLS LAST`, asc(campaigns.id)];
    case 'end-desc':
      return [sql`${campaigns.endsAt} DESC NULLS LAST`, desc(campaigns.id)];
    case 'updated':
      return [desc(campaigns.updatedAt), desc(campaigns.id)];
    default:
      return [sql`${campaigns.startsAt} DESC NULLS LAST`, desc(campaigns.id)];
  }
}

/** LIKE pattern of a search text (its wildcards taken literally). */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listAdminCampaigns(options: {
  search?: string | null;
  filter?: CampaignFilter | null;
  sort?: CampaignSort;
  limit: number;
  offset: number;
  now?: Date;
}): Promise<{ items: AdminCampaignRow[]; total: number }> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const search = options.search?.trim();
  const where = and(
    filterCondition(options.filter ?? null, now),
    search ? or(ilike(campaigns.title, likePattern(search)), ilike(campaigns.slug, likePattern(search)), ilike(campaigns.category, likePattern(search))) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        slug: campaigns.slug,
        title: campaigns.title,
        category: campaigns.category,
        imagePath: campaigns.imagePath,
        startsAt: campaigns.startsAt,
        endsAt: campaigns.endsAt,
        active: campaigns.active,
        featured: campaigns.featured,
        updatedAt: campaigns.updatedAt,
        productCount: sql<number>`(SELECT count(*)::int FROM campaign_products cp WHERE cp.campaign_id = "campaigns"."id")`,
      })
      .from(campaigns)
      .where(where)
      .orderBy(...sortOrder(options.sort ?? 'start-desc'))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return {
    total: Number(totalRow?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      category: r.category,
      imageUrl: imageUrl(r.imagePath, 'campaigns', r.slug),
      starts_at: r.startsAt?.toISOString() ?? null,
      ends_at: r.endsAt?.toISOString() ?? null,
      active: r.active,
      featured: r.featured,
      state: campaignState(r, now),
      productCount: Number(r.productCount),
      updated_at: r.updatedAt.toISOString(),
    })),
  };
}

async function linkedProducts(db: DbOrTx, campaignId: number): Promise<AdminCampaignProduct[]> {
  const rows = await db
    .select({ code: products.productCode, name: products.name, photoPath: products.photoPath, active: products.active })
    .from(campaignProducts)
    .innerJoin(products, eq(products.id, campaignProducts.productId))
    .where(eq(campaignProducts.campaignId, campaignId))
    .orderBy(asc(campaignProducts.position), asc(products.productCode));
  return rows.map((r) => ({ code: r.code, name: r.name, imageUrl: imageUrl(r.photoPath, 'products', r.code), active: r.active }));
}

function toAdminCampaign(row: CampaignRow, linked: AdminCampaignProduct[], now = new Date()): AdminCampaign {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    image: row.imagePath,
    imageUrl: imageUrl(row.imagePath, 'campaigns', row.slug),
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    active: row.active,
    featured: row.featured,
    version: row.version,
    state: campaignState(row, now),
    product_codes: linked.map((p) => p.code),
    products: linked,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One campaign with its linked products (in order), whatever its state; null when unknown. */
export async function getAdminCampaign(id: number | string): Promise<AdminCampaign | null> {
  if (!isDbId(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, Number(id)));
  if (!row) return null;
  return toAdminCampaign(row, await linkedProducts(db, row.id));
}

/** The record as the audit log keeps it (dates as instants). */
function auditSnapshot(row: CampaignRow, codes: string[]): Snapshot {
  return {
    title: row.title,
    slug: row.slug,
    description: row.description,
    category: row.category,
    image: row.imagePath,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    active: row.active,
    featured: row.featured,
    product_codes: codes,
  };
}

/** The record as the form holds it (a stale save shows the differences in these shapes). */
export function campaignFormSnapshot(row: { title: string; slug: string; description: string | null; category: string | null; imagePath: string | null; startsAt: Date | null; endsAt: Date | null; active: boolean; featured: boolean }, codes: string[]): Snapshot {
  return {
    title: row.title,
    slug: row.slug,
    description: row.description ?? '',
    category: row.category ?? '',
    image: row.imagePath ?? '',
    starts_at: toLisbonInput(row.startsAt),
    ends_at: toLisbonInput(row.endsAt),
    active: row.active,
    featured: row.featured,
    product_codes: codes,
  };
}

/* ---------------------------------------------------------------- writes */

function fieldError(field: string, key: string, values?: Record<string, string | number>, code: 'unprocessable' | 'bad_request' = 'unprocessable'): AppError {
  return new AppError({ code, key, values, fieldErrors: { [field]: [key] } });
}

/** A free slug: the given one must be free (422 otherwise); a generated one gets -2, -3… */
async function resolveSlug(tx: DbOrTx, wanted: string | null, title: string, selfId: number | null): Promise<string> {
  const taken = async (slug: string) => {
    const [row] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.slug, slug), selfId === null ? undefined : ne(campaigns.id, selfId)));
    return Boolean(row);
  };
  if (wanted) {
    if (await taken(wanted)) throw fieldError('slug', K('validation.slugTaken'));
    return wanted;
  }
  const base = (slugify(title) || 'campanha').slice(0, CAMPAIGN_SLUG_MAX - 4).replace(/-+$/, '') || 'campanha';
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw fieldError('slug', K('validation.slugTaken'));
}

/** The products of `codes` (in that order, duplicates dropped); 422 naming the unknown codes. */
async function productIdsOf(tx: DbOrTx, codes: readonly string[]): Promise<{ ids: number[]; codes: string[] }> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return { ids: [], codes: [] };
  const rows = await tx.select({ id: products.id, code: products.productCode }).from(products).where(inArray(products.productCode, unique));
  const byCode = new Map(rows.map((r) => [r.code, r.id]));
  const unknown = unique.filter((c) => !byCode.has(c));
  if (unknown.length) throw fieldError('product_codes', K('validation.productsUnknown'), { codes: unknown.slice(0, 10).join(', ') });
  return { ids: unique.map((c) => byCode.get(c)!), codes: unique };
}

async function replaceLinks(tx: DbOrTx, campaignId: number, ids: number[]): Promise<void> {
  await tx.delete(campaignProducts).where(eq(campaignProducts.campaignId, campaignId));
  if (ids.length) await tx.insert(campaignProducts).values(ids.map((productId, position) => ({ campaignId, productId, position })));
}

async function currentCodes(tx: DbOrTx, campaignId: number): Promise<string[]> {
  const rows = await tx
    .select({ code: products.productCode })
    .from(campaignProducts)
    .innerJoin(products, eq(products.id, campaignProducts.productId))
    .where(eq(campaignProducts.campaignId, campaignId))
    .orderBy(asc(campaignProducts.position), asc(products.productCode));
  return rows.map((r) => r.code);
}

function tagsFor(...slugs: (string | null | undefined)[]): string[] {
  return [cacheTags.campaigns, ...slugs.filter((s): s is string => Boolean(s)).map((s) => cacheTags.campaign(s))];
}

/** A unique-slug race lost to another save: the same 422 as a taken slug. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function createCampaign(input: CampaignCreate, actor: AuditActor): Promise<AdminCampaign> {
  await getJobs();
  const db = await getDb();
  let created: CampaignRow;
  try {
    created = await db.transaction(async (tx) => {
      const slug = await resolveSlug(tx, input.slug ?? null, input.title, null);
      const linked = await productIdsOf(tx, input.product_codes ?? []);
      const [row] = await tx
        .insert(campaigns)
        .values({
          slug,
          title: input.title,
          description: input.description ?? null,
          category: input.category ?? null,
          imagePath: input.image ?? null,
          startsAt: input.starts_at ?? null,
          endsAt: input.ends_at ?? null,
          active: input.active ?? true,
          featured: input.featured ?? false,
        })
        .returning();
      await replaceLinks(tx, row!.id, linked.ids);
      await recordAudit(tx, { actor, entity: CAMPAIGN_ENTITY, entityId: row!.id, action: 'create', summary: `Campanha «${row!.title}» criada`, after: auditSnapshot(row!, linked.codes) });
      await scheduleCampaignBoundaries(tx, row!);
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('slug', K('validation.slugTaken'));
    throw err;
  }
  await invalidateCache(tagsFor(created.slug), { reason: 'campaign-create' });
  return (await getAdminCampaign(created.id))!;
}

export async function updateCampaign(id: number | string, input: CampaignUpdate, actor: AuditActor): Promise<AdminCampaign> {
  if (!isDbId(id)) throw new AppError({ code: 'not_found', key: K('notFound') });
  await getJobs();
  const db = await getDb();
  let result: { before: CampaignRow; after: CampaignRow };
  try {
    result = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, Number(id))).for('update');
      if (!before) throw new AppError({ code: 'not_found', key: K('notFound') });
      const beforeCodes = await currentCodes(tx, before.id);
      if (input.version !== undefined) assertVersion(input.version, before.version, () => campaignFormSnapshot(before, beforeCodes));
      const title = input.title ?? before.title;
      const startsAt = input.starts_at === undefined ? before.startsAt : input.starts_at;
      const endsAt = input.ends_at === undefined ? before.endsAt : input.ends_at;
      if (startsAt && endsAt && endsAt.getTime() < startsAt.getTime()) throw fieldError('ends_at', END_BEFORE_START, undefined, 'bad_request');
      const slug =
        input.slug === undefined ? before.slug : input.slug === before.slug ? before.slug : await resolveSlug(tx, input.slug, title, before.id);
      const linked = input.product_codes === undefined ? null : await productIdsOf(tx, input.product_codes);
      const [after] = await tx
        .update(campaigns)
        .set({
          title,
          slug,
          description: input.description === undefined ? before.description : input.description,
          category: input.category === undefined ? before.category : input.category,
          imagePath: input.image === undefined ? before.imagePath : input.image,
          startsAt,
          endsAt,
          active: input.active ?? before.active,
          featured: input.featured ?? before.featured,
          version: before.version + 1,
          updatedAt: new Date(),
        })
        .where(eq(campaigns.id, before.id))
        .returning();
      if (linked) await replaceLinks(tx, before.id, linked.ids);
      await recordAudit(tx, {
        actor,
        entity: CAMPAIGN_ENTITY,
        entityId: before.id,
        action: 'update',
        summary: `Campanha «${after!.title}» alterada`,
        before: auditSnapshot(before, beforeCodes),
        after: auditSnapshot(after!, linked ? linked.codes : beforeCodes),
      });
      await scheduleCampaignBoundaries(tx, after!);
      return { before, after: after! };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('slug', K('validation.slugTaken'));
    throw err;
  }
  await invalidateCache(tagsFor(result.before.slug, result.after.slug), { reason: 'campaign-update' });
  return (await getAdminCampaign(result.after.id))!;
}

export async function deleteCampaign(id: number | string, actor: AuditActor): Promise<{ id: number; slug: string }> {
  if (!isDbId(id)) throw new AppError({ code: 'not_found', key: K('notFound') });
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, Number(id))).for('update');
    if (!before) throw new AppError({ code: 'not_found', key: K('notFound') });
    const codes = await currentCodes(tx, before.id);
    await tx.delete(campaigns).where(eq(campaigns.id, before.id));
    await recordAudit(tx, { actor, entity: CAMPAIGN_ENTITY, entityId: before.id, action: 'delete', summary: `Campanha «${before.title}» eliminada`, before: auditSnapshot(before, codes) });
    return before;
  });
  await invalidateCache(tagsFor(removed.slug), { reason: 'campaign-delete' });
  return { id: removed.id, slug: removed.slug };
}

/** Active campaigns whose end falls within the next `days` days (the admin dashboard's "ending this week"). */
export async function countCampaignsEnding(days = 7, now = new Date()): Promise<number> {
  const db = await getDb();
  const until = new Date(now.getTime() + days * 24 * 3600_000);
  const [row] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(and(eq(campaigns.active, true), isNotNull(campaigns.endsAt), sql`${campaigns.endsAt} >= ${now}`, lte(campaigns.endsAt, until)));
  return Number(row?.n ?? 0);
}
