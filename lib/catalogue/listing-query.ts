/**
 * URL parsing of the product listing, shared by the listing pages and the two product APIs:
 * query parameters → the typed `ListingQuery` that `getListing` (server/catalogue/listing.ts)
 * answers. Pages are lenient (a malformed parameter is dropped: links from anywhere must render);
 * the APIs are strict (a malformed parameter is a 400 with the field's message).
 *
 * Parameters arrive as Next gives them to pages and as server/api/route.ts gives them to
 * handlers: a string, or an array when repeated.
 */
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '@/lib/search/query';
import { FACET_PARAM_PREFIX, MAX_FACET_ATTRIBUTES, MAX_FACET_VALUES, parseFacetSelection } from './facets';
import { LISTING_SORTS, SORT_ORDERS, type ListingQuery, type ListingSort, type SortOrder } from './types';

export type RawQuery = Record<string, string | string[] | undefined>;

/** Products per listing page (spec 2.5) and per infinite-scroll request. */
export const PAGE_SIZE = 50;
export const MAX_PAGE = 10_000;

/** Query parameters of /produtos and the chapter and family pages (spec 2.5). */
export interface ListingParams {
  view?: 'all';
  brand?: string;
  search?: string;
  chapter?: string;
  family?: string;
  page: number;
  /** Technical-attribute filters: attribute slug → value keys (see facets.ts). */
  attrs?: Record<string, string[]>;
}

const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

// ---------------------------------------------------------------------------------------------
// Pages: lenient.

/** A text parameter: trimmed, cut at `max`, empty → undefined; anything odd → undefined. */
const pageText = (max: number) =>
  z.preprocess(
    first,
    z
      .string()
      .optional()
      .transform((v) => v?.trim().slice(0, max) || undefined)
      .catch(undefined),
  );

const pageParamsSchema = z.object({
  view: z.preprocess(first, z.literal('all').optional().catch(undefined)),
  brand: pageText(80),
  search: pageText(120),
  chapter: pageText(80),
  family: pageText(80),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1)),
});

/** Parameters of a listing page; whatever is malformed is left out (page 1 for a bad page). */
export function parseListingParams(raw: RawQuery): ListingParams {
  const parsed = pageParamsSchema.parse(raw);
  return {
    view: parsed.view,
    brand: parsed.brand,
    search: parsed.search,
    chapter: parsed.chapter,
    family: parsed.family,
    page: parsed.page,
    attrs: parseFacetSelection(raw),
  };
}

/**
 * The listing query of a page: its parameters, within the chapter and family of its path (they
 * take the place of `?chapter=` and `?family=`). Free text lists by relevance, the rest by name.
 */
export function pageListingQuery(params: ListingParams, path: { chapter?: string | number; family?: string } = {}): ListingQuery {
  const search = params.search ?? null;
  return {
    search,
    chapter: path.chapter !== undefined ? String(path.chapter) : params.chapter,
    family: path.family ?? params.family,
    brand: params.brand,
    attrs: params.attrs ?? {},
    sort: search ? 'relevance' : 'name',
    order: search ? 'desc' : 'asc',
    limit: PAGE_SIZE,
    offset: (params.page - 1) * PAGE_SIZE,
  };
}

// ---------------------------------------------------------------------------------------------
// APIs: strict (Portuguese messages per field).

/** An integer parameter within bounds; absent or empty → `fallback`. */
function intParam(min: number, max: number, fallback: number, message: string) {
  return z.preprocess(
    first,
    z
      .string({ error: message })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return fallback;
        const n = /^[+-]?\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
        if (!Number.isInteger(n) || n < min || n > max) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return n;
      }),
  );
}

const apiText = (max: number, message: string) =>
  z.preprocess(
    first,
    z
      .string({ error: message })
      .trim()
      .max(max, message)
      .optional()
      .transform((v) => v || undefined),
  );

const SORT_MESSAGE = 'A ordenação deve ser relevance, name, created_at ou updated_at.';
const sortParam = (fallback: ListingSort) => z.preprocess(first, z.enum(LISTING_SORTS, { error: SORT_MESSAGE }).default(fallback));

const FACET_MESSAGE = 'Filtro técnico inválido.';
const FACET_SLUG = /^[a-z0-9][a-z0-9.-]{0,39}$/;

/**
 * The `f.<attribute>=<key>,…` parameters: every name and value must be well formed (lower-case
 * letters, digits, dots and hyphens), else a 400 'Filtro técnico inválido.'.
 */
function facetsOf(raw: Record<string, unknown>, ctx: z.RefinementCtx): Record<string, string[]> {
  const given: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith(FACET_PARAM_PREFIX)) continue;
    given[key] = ([] as unknown[]).concat(value).filter((v): v is string => typeof v === 'string');
  }
  const names = Object.keys(given);
  if (names.length === 0) return {};
  const valid =
    names.length <= MAX_FACET_ATTRIBUTES &&
    names.every((name) => {
      if (!FACET_SLUG.test(name.slice(FACET_PARAM_PREFIX.length))) return false;
      const keys = given[name]!.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter(Boolean);
      return keys.length > 0 && keys.length <= MAX_FACET_VALUES && keys.every((k) => FACET_SLUG.test(k));
    });
  if (!valid) {
    ctx.addIssue({ code: 'custom', message: FACET_MESSAGE, path: ['filters'] });
    return {};
  }
  return parseFacetSelection(given);
}

const apiCommon = {
  limit: intParam(1, 100, PAGE_SIZE, 'O limite deve ser um número inteiro entre 1 e 100.'),
  offset: intParam(0, 1_000_000, 0, 'O deslocamento (offset) deve ser um número inteiro igual ou superior a 0.'),
  order: z.preprocess(first, z.enum(SORT_ORDERS, { error: 'A ordem deve ser asc ou desc.' }).optional()),
  chapter: apiText(120, 'Capítulo inválido.'),
  family: apiText(160, 'Família inválida.'),
  category_id: apiText(160, 'Família (category_id) inválida.'),
};

/** Default order of a sort: names A→Z, everything else (relevance, dates) highest first. */
export function defaultOrder(sort: ListingSort, order: SortOrder | undefined): SortOrder {
  if (order) return order;
  return sort === 'name' ? 'asc' : 'desc';
}

/**
 * GET /api/products/search?q&limit&offset&category_id&chapter&family&brand&sort&order (spec 7):
 * always a search (an empty `q` finds nothing), by relevance unless told.
 */
export const searchApiQuerySchema = z
  .looseObject({
    q: z.preprocess(
      first,
      z
        .string({ error: 'Pesquisa inválida.' })
        .max(MAX_QUERY_LENGTH, `A pesquisa não pode ter mais de ${MAX_QUERY_LENGTH} caracteres.`)
        .optional(),
    ),
    sort: sortParam('relevance'),
    brand: apiText(120, 'Marca inválida.'),
    ...apiCommon,
  })
  .transform((p, ctx): ListingQuery => ({
    search: p.q ?? '',
    chapter: p.chapter,
    family: p.family ?? p.category_id,
    brand: p.brand,
    attrs: facetsOf(p, ctx),
    sort: p.sort,
    order: defaultOrder(p.sort, p.order),
    limit: p.limit,
    offset: p.offset,
  }));

/**
 * GET /api/products/by-chapter?chapter&family&brand_id&limit&offset&sort&order (spec 7): the
 * listing without free text, by name unless told (`relevance` means name here).
 */
export const byChapterApiQuerySchema = z
  .looseObject({
    sort: sortParam('name'),
    brand_id: apiText(120, 'Marca inválida.'),
    brand: apiText(120, 'Marca inválida.'),
    ...apiCommon,
  })
  .transform((p, ctx): ListingQuery => {
    const sort = p.sort === 'relevance' ? 'name' : p.sort;
    return {
      search: null,
      chapter: p.chapter,
      family: p.family ?? p.category_id,
      brand: p.brand_id ?? p.brand,
      attrs: facetsOf(p, ctx),
      sort,
      order: defaultOrder(sort, p.order),
      limit: p.limit,
      offset: p.offset,
    };
  });
