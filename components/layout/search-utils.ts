import { productShortPath } from '@/lib/catalogue/urls';

/** Search limits of spec 9: suggestions from 2 characters, 300 ms debounce, at most 10. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_SUGGESTION_LIMIT = 10;

/** One row of GET /api/products/search (only the fields the suggestions use). */
export interface SearchSuggestion {
  id: number | string;
  product_code: string;
  name: string;
  seo_optimized_name?: string | null;
  image_url?: string | null;
  main_photo_url?: string | null;
  available_sizes?: string[] | string | null;
  brand?: string | null;
  url?: string | null;
}

export function suggestionsUrl(term: string): string {
  return `/api/products/search?q=${encodeURIComponent(term)}&limit=${SEARCH_SUGGESTION_LIMIT}&sort=relevance`;
}

export function searchPageUrl(term: string): string {
  return `/produtos?search=${encodeURIComponent(term)}`;
}

/**
 * 40x40 thumbnails at quality 70 (spec 9): a generated `/media/…/X.svg` becomes the raster
 * `/media/…/X.webp?w=40&q=70`; any other URL is left as it is.
 */
export function searchThumbnailUrl(
  url: string | null | undefined,
  width = 40,
  quality = 70,
): string | null {
  if (!url) return null;
  const m = /^(\/media\/[^?#]+)\.svg(?:\?([^#]*))?$/.exec(url);
  if (!m) return url;
  const params = new URLSearchParams(m[2] ?? '');
  params.set('w', String(width));
  params.set('q', String(quality));
  return `${m[1]}.webp?${params.toString()}`;
}

export function suggestionName(s: SearchSuggestion): string {
  return s.seo_optimized_name?.trim() || s.name;
}

export function suggestionSizes(s: SearchSuggestion): string {
  const sizes = s.available_sizes;
  if (!sizes) return '';
  return (Array.isArray(sizes) ? sizes : [sizes]).filter(Boolean).join(', ');
}

export function suggestionHref(s: SearchSuggestion): string {
  return s.url || productShortPath(s.product_code);
}

/** The suggestion rows of a search response, or null when the body is not a success. */
export function readSuggestions(body: unknown): SearchSuggestion[] | null {
  if (!body || typeof body !== 'object') return null;
  const { success, data } = body as { success?: unknown; data?: unknown };
  if (success === false || !Array.isArray(data)) return null;
  return (data as SearchSuggestion[])
    .filter((row) => row && typeof row === 'object' && typeof row.name === 'string')
    .slice(0, SEARCH_SUGGESTION_LIMIT);
}
