/**
 * Slugs of brands merged into another (admin "Brands"): a URL that names the old slug
 * (`/produtos?brand=<old>`, a chapter or family listing with `?brand=<old>`) redirects
 * permanently to the same URL with the surviving brand's slug; the product APIs accept it as an
 * alias. Kept when the target is merged again (re-pointed to the new target).
 */
import 'server-only';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt } from './columns';
import { brands } from './catalogue';

export const brandSlugRedirects = pgTable('brand_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  brandId: belongsTo('brand_id', () => brands.id),
  createdAt: createdAt(),
});

export type BrandSlugRedirect = typeof brandSlugRedirects.$inferSelect;
