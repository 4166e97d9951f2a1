import 'server-only';
import { asc, sql } from 'drizzle-orm';
import { imageUrl } from '@/lib/catalogue/media';
import type { ChapterInfo, FamilyInfo, ListingProblem, ListingQuery, ResolvedBrand } from '@/lib/catalogue/types';
import { isDbId } from '@/lib/validation/ids';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { getDb } from '@/server/db/client';
import { brands, brandSlugRedirects, chapters, families } from '@/server/db/schema';

/**
 * The one resolver of chapters, families and brands named in URLs (listing pages, the product
 * APIs, the chapter and family paths): a code or id, or a slug, in any case. It reads the small
 * reference tables once into the shared cache (tags: catalogue, navigation, brands), so a
 * resolution costs no query while the catalogue does not change.
 */

export interface BrandRef {
  id: number;
  name: string;
  slug: string;
}

export interface CatalogueReference {
  /** In catalogue order. */
  chapters: ChapterInfo[];
  /** With their active product counts, by chapter and code. */
  families: FamilyInfo[];
  brands: BrandRef[];
  /** Slugs of merged (or renamed) brands → the id of the brand they lead to now (admin "Brands"). */
  brandRedirects: { slug: string; brandId: number }[];
}

async function loadReference(): Promise<CatalogueReference> {
  const db = await getDb();
  const [chapterRows, familyRows, brandRows, redirectRows] = await Promise.all([
    db
      .select({ code: chapters.code, title: chapters.title, shortTitle: chapters.shortTitle, slug: chapters.slug, icon: chapters.icon, theme: chapters.theme })
      .from(chapters)
      .orderBy(asc(chapters.sortOrder), asc(chapters.code)),
    db
      .select({
        id: families.id,
        code: families.code,
        title: families.title,
        slug: families.slug,
        chapterCode: families.chapterCode,
        photoPath: families.photoPath,
        productCount: sql<number>`(SELECT count(*)::int FROM products p WHERE p.family_id = "families"."id" AND p.active)`,
      })
      .from(families)
      .orderBy(asc(families.chapterCode), asc(families.code)),
    db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).orderBy(asc(brands.id)),
    db.select({ slug: brandSlugRedirects.oldSlug, brandId: brandSlugRedirects.brandId }).from(brandSlugRedirects),
  ]);
  return {
    chapters: chapterRows,
    families: familyRows.map((f) => ({
      id: f.id,
      code: f.code,
      title: f.title,
      slug: f.slug,
      chapterCode: f.chapterCode,
      imageUrl: imageUrl(f.photoPath, 'families', f.code),
      productCount: Number(f.productCount),
    })),
    brands: brandRows,
    brandRedirects: redirectRows,
  };
}

export const getCatalogueReference = cachedRead('catalogue-reference', loadReference, {
  tags: [cacheTags.catalogue, cacheTags.navigation, cacheTags.brands],
});

const norm = (value: string | number) => String(value).trim().toLowerCase();

/** A chapter by its code (digits) or slug. */
export function findChapter(ref: CatalogueReference, value: string | number): ChapterInfo | null {
  const v = norm(value);
  return (/^\d+$/.test(v) ? (isDbId(v) ? ref.chapters.find((c) => c.code === Number(v)) : undefined) : ref.chapters.find((c) => c.slug === v)) ?? null;
}

/** A family by its code (`10-010`) or slug, within a chapter when given; 'ambiguous' for a slug of several chapters. */
export function findFamily(ref: CatalogueReference, value: string, chapterCode?: number): FamilyInfo | 'ambiguous' | null {
  const v = norm(value);
  const inChapter = (f: FamilyInfo) => chapterCode === undefined || f.chapterCode === chapterCode;
  const byCode = ref.families.find((f) => f.code === v);
  if (byCode) return inChapter(byCode) ? byCode : null;
  const bySlug = ref.families.filter((f) => f.slug === v && inChapter(f));
  if (bySlug.length > 1) return 'ambiguous';
  return bySlug[0] ?? null;
}

/** The brand an old slug (of a merged or renamed brand) leads to now, or null. */
export function findMovedBrand(ref: CatalogueReference, value: string): BrandRef | null {
  const v = norm(value);
  if (ref.brands.some((b) => b.slug === v)) return null;
  const redirect = (ref.brandRedirects ?? []).find((r) => r.slug === v);
  return redirect ? (ref.brands.find((b) => b.id === redirect.brandId) ?? null) : null;
}

/** A brand by its id (digits) or slug (an old slug resolves to the brand it leads to); `no-brand` is the products without one. */
export function findBrand(ref: CatalogueReference, value: string): ResolvedBrand | null {
  const v = norm(value);
  if (v === 'no-brand') return { id: 'no-brand', name: 'Sem marca', slug: 'no-brand' };
  const brand = /^\d+$/.test(v) ? (isDbId(v) ? ref.brands.find((b) => b.id === Number(v)) : undefined) : ref.brands.find((b) => b.slug === v);
  return brand ?? findMovedBrand(ref, v);
}

/**
 * The current slug for a `?brand=` value that names a merged or renamed brand (the listing pages
 * redirect permanently to it), or null when the value is current, unknown or empty.
 */
export async function movedBrandSlug(value: string | null | undefined): Promise<string | null> {
  if (!value || /^\d+$/.test(value.trim()) || value.trim().toLowerCase() === 'no-brand') return null;
  return findMovedBrand(await getCatalogueReference(), value)?.slug ?? null;
}

export interface ListingScope {
  chapter: ChapterInfo | null;
  family: FamilyInfo | null;
  /** An unknown brand stays here as given (id null), so the page can offer to remove it. */
  brand: ResolvedBrand | null;
  problem: ListingProblem | null;
}

/**
 * The chapter, family and brand a listing query names. The first thing that does not exist (or
 * cannot be told apart, or technical filters without a family) is the listing's problem.
 */
export async function resolveListingScope(query: Pick<ListingQuery, 'chapter' | 'family' | 'brand' | 'attrs'>): Promise<ListingScope> {
  const scope: ListingScope = { chapter: null, family: null, brand: null, problem: null };
  if (!query.chapter && !query.family && !query.brand && Object.keys(query.attrs).length === 0) return scope;
  const ref = await getCatalogueReference();
  const fail = (problem: ListingProblem) => (scope.problem ??= problem);

  if (query.chapter) {
    scope.chapter = findChapter(ref, query.chapter);
    if (!scope.chapter) fail({ code: 'not_found', field: 'chapter', value: query.chapter, message: `Capítulo desconhecido: ${query.chapter}.` });
  }
  if (query.family && !scope.problem) {
    const family = findFamily(ref, query.family, scope.chapter?.code);
    if (family === 'ambiguous') {
      fail({
        code: 'bad_request',
        field: 'family',
        value: query.family,
        message: `A família ${query.family} existe em vários capítulos: indique o capítulo ou o código da família.`,
      });
    } else if (!family) {
      fail({ code: 'not_found', field: 'family', value: query.family, message: `Família desconhecida: ${query.family}.` });
    } else scope.family = family;
  }
  if (query.brand) {
    scope.brand = findBrand(ref, query.brand);
    if (!scope.brand) {
      scope.brand = { id: null, name: query.brand, slug: query.brand };
      fail({ code: 'not_found', field: 'brand', value: query.brand, message: `Marca desconhecida: ${query.brand}.` });
    }
  }
  if (Object.keys(query.attrs).length > 0 && !scope.family) {
    fail({ code: 'bad_request', field: 'family', value: query.family ?? '', message: 'Os filtros técnicos exigem uma família.' });
  }
  return scope;
}
