/**
 * Browser web vitals (spec 7 "Other"): which metrics are kept and the page types they are kept by.
 * Shared by the browser's reporter (components/vitals) and the server (server/vitals).
 */

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

export const PAGE_TYPES = ['home', 'listing', 'product', 'search', 'cart', 'account', 'admin', 'other'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** p75 and number of measurements of one page type and metric (the staff page's figures). */
export interface VitalFigure {
  /** p75 in ms (CLS: unitless), null without measurements. */
  p75: number | null;
  count: number;
}
export type VitalsWindow = 'day' | 'week';
export type VitalsSummary = Record<VitalsWindow, Record<PageType, Record<VitalMetric, VitalFigure>>>;

/** Where the beacons go. */
export const VITALS_PATH = '/api/vitals';

/** At most this many measurements in one beacon. */
export const MAX_VITALS_PER_BEACON = 10;

const ACCOUNT = /^\/(dashboard|login|forgot-password|reset-password|access-request|auth)(\/|$)/;

/**
 * The page type of a visible URL: `/` home; `/produtos?search=…` search; a product
 * (`/produtos/p/{id}` or `/produtos/{chapter}/{family}/{product}`); the other `/produtos…` and
 * `/campanhas/{slug}` listings; `/cart` and `/checkout…` cart; `/dashboard…` and the sign-in pages
 * account; `/admin…` admin; anything else other.
 */
export function pageTypeOf(pathname: string, search = ''): PageType {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return 'home';
  if (/^\/admin(\/|$)/.test(path)) return 'admin';
  if (/^\/(cart|checkout)(\/|$)/.test(path)) return 'cart';
  if (ACCOUNT.test(path)) return 'account';
  if (/^\/produtos(\/|$)/.test(path)) {
    const segments = path.split('/').filter(Boolean);
    if (segments[1] === 'p' || segments.length >= 4) return 'product';
    if (new URLSearchParams(search).has('search')) return 'search';
    return 'listing';
  }
  if (/^\/(campanhas|produtos-por-marca)(\/|$)/.test(path)) return 'listing';
  return 'other';
}
