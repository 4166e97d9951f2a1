/**
 * The Drizzle schema, one file per domain: the source of truth for `supabase/migrations`
 * (drizzle.config.ts reads this file). Import tables from `@/server/db/schema`; a new domain
 * (carts, orders…) gets its own file here and one `export *` line below.
 */
import 'server-only';
export * from './catalogue';
export * from './shop';
export * from './auth';
export * from './access-requests';
export * from './mail';
export * from './newsletter';
export * from './contact';
export * from './app-state';
export * from './cache';
export * from './pricing';
export * from './cart';
export * from './favourites';
export * from './addresses';
export * from './orders';
export * from './job-lists';
export * from './price-lists';
export * from './payments';
export * from './quotes';
export * from './admin';
export * from './supplier-catalogues';
export * from './brand-redirects';
export * from './search';
export * from './admin-ops';
export * from './technical-sheets';
export * from './web-vitals';
