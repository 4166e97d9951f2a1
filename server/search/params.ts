import 'server-only';
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '@/lib/search/query';
import { AppError, zodDetails } from '@/server/api/errors';
import { getDb, type Db } from '@/server/db/client';
import { brands, chapters, families } from '@/server/db/schema';
import type { SearchSort, SortOrder } from './engine';

/**
 * Query parameters of GET /api/products/search and GET /api/products/by-chapter: validation
 * (zod, Portuguese messages) and resolution of chapter, family and brand codes or slugs.
 */

export const SORTS = ['relevance', 'name', 'created_at', 'updated_at'] as const satisfies readonly SearchSort[];
export const ORDERS = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** An integer query parameter within bounds; absent or empty → `fallback`. */
function intParam(min: number, max: number, fallback: number, message: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = /^[+-]?\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

const common = {
  limit: intParam(1, 100, 50, 'O limite deve ser um número inteiro entre 1 e 100.'),
  offset: intParam(0, 1_000_000, 0, 'O deslocamento (offset) deve ser um número inteiro igual ou superior a 0.'),
  order: z
    .enum(ORDERS, { error: 'A ordem deve ser asc ou desc.' })
    .optional(),
  chapter: text(120, 'Capítulo inválido.'),
  family: text(160, 'Família inválida.'),
  category_id: text(160, 'Família (category_id) inválida.'),
};

export const searchParamsSchema = z.object({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH, `A pesquisa não pode ter mais de ${MAX_QUERY_LENGTH} caracteres.`)
    .optional()
    .transform((v) => v ?? ''),
  sort: z.enum(SORTS, { error: 'A ordenação deve ser relevance, name, created_at ou updated_at.' }).default('relevance'),
  brand: text(120, 'Marca inválida.'),
  ...common,
});

export const listingParamsSchema = z.object({
  sort: z.enum(SORTS, { error: 'A ordenação deve ser relevance, name, created_at ou updated_at.' }).default('name'),
  brand_id: text(120, 'Marca inválida.'),
  brand: text(120, 'Marca inválida.'),
  ...common,
});

/** The query string as a plain object (first value of each repeated parameter). */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in out)) out[key] = value;
  return out;
}

/** Parses with a schema; invalid input → AppError 400 with the field messages. */
export function parseParams<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const parsed = schema.safeParse(queryObject(url));
  if (!parsed.success) {
    throw new AppError({ code: 'bad_request', message: 'Parâmetros de pesquisa inválidos.', details: zodDetails(parsed.error) });
  }
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------
// Chapter, family and brand lookups (small tables, cached per database for a minute).

interface Reference {
  at: number;
  chapters: { code: number; slug: string }[];
  families: { code: string; slug: string; chapterCode: number }[];
  brands: { id: number; slug: string }[];
}

const TTL_MS = 60_000;
const references = new WeakMap<Db, Reference>();

async function loadReference(db: Db, force = false): Promise<Reference> {
  const cached = references.get(db);
  if (cached && !force && Date.now() - cached.at < TTL_MS) return cached;
  const [c, f, b] = await Promise.all([
    db.select({ code: chapters.code, slug: chapters.slug }).from(chapters),
    db.select({ code: families.code, slug: families.slug, chapterCode: families.chapterCode }).from(families),
    db.select({ id: brands.id, slug: brands.slug }).from(brands),
  ]);
  const fresh = { at: Date.now(), chapters: c, families: f, brands: b };
  references.set(db, fresh);
  return fresh;
}

export interface ResolvedFilters {
  chapterCode?: number;
  familyCode?: string;
  brand?: number | 'no-brand';
}

function bad(field: string, message: string): AppError {
  return new AppError({ code: 'bad_request', message, details: { [field]: [message] } });
}

function resolveIn(ref: Reference, input: { chapter?: string; family?: string; brand?: string; brandField: string }): ResolvedFilters | AppError {
  const out: ResolvedFilters = {};
  if (input.chapter) {
    const value = input.chapter.toLowerCase();
    const chapter = /^\d+$/.test(value)
      ? ref.chapters.find((c) => c.code === Number(value))
      : ref.chapters.find((c) => c.slug === value);
    if (!chapter) return bad('chapter', `Capítulo desconhecido: ${input.chapter}.`);
    out.chapterCode = chapter.code;
  }
  if (input.family) {
    const value = input.family.toLowerCase();
    let family = ref.families.find((f) => f.code === value);
    if (!family) {
      const bySlug = ref.families.filter(
        (f) => f.slug === value && (out.chapterCode === undefined || f.chapterCode === out.chapterCode),
      );
      if (bySlug.length > 1) {
        return bad('family', `A família ${input.family} existe em vários capítulos: indique o capítulo ou o código da família.`);
      }
      family = bySlug[0];
    }
    if (!family) return bad('family', `Família desconhecida: ${input.family}.`);
    out.familyCode = family.code;
  }
  if (input.brand) {
    const value = input.brand.toLowerCase();
    if (value === 'no-brand') out.brand = 'no-brand';
    else {
      const brand = /^\d+$/.test(value) ? ref.brands.find((b) => b.id === Number(value)) : ref.brands.find((b) => b.slug === value);
      if (!brand) return bad(input.brandField, `Marca desconhecida: ${input.brand}.`);
      out.brand = brand.id;
    }
  }
  return out;
}

/**
 * Chapter (code or slug), family (code such as `10-010`, or slug) and brand (id, slug or
 * `no-brand`) → filter values. Unknown values → AppError 400.
 */
export async function resolveFilters(input: {
  chapter?: string;
  family?: string;
  brand?: string;
  brandField?: string;
}): Promise<ResolvedFilters> {
  if (!input.chapter && !input.family && !input.brand) return {};
  const db = await getDb();
  const args = { ...input, brandField: input.brandField ?? 'brand' };
  let result = resolveIn(await loadReference(db), args);
  // Something unknown may be new (an import a moment ago): look again before refusing.
  if (result instanceof AppError) result = resolveIn(await loadReference(db, true), args);
  if (result instanceof AppError) throw result;
  return result;
}

/** Default order of a sort: names A→Z, dates newest first. */
export function defaultOrder(sort: SearchSort, order: SortOrder | undefined): SortOrder {
  if (order) return order;
  return sort === 'name' ? 'asc' : 'desc';
}
