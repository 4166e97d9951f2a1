/**
 * Catalogue side of the spec (section 3): chapters → families → products (`product_view`)
 * → models (`inventory_products`) with technical attributes; brands, campaigns, partner logos.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps, timestampTz, tsvector } from './columns';

/** Colour theme of a chapter card (hex colours). */
export interface ChapterThemeValue {
  from: string;
  to: string;
  accent: string;
}

export const chapters = pgTable('chapters', {
  code: integer('code').primaryKey(),
  title: text('title').notNull(),
  shortTitle: text('short_title').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull(),
  theme: jsonb('theme').$type<ChapterThemeValue>().notNull(),
  sortOrder: smallint('sort_order').notNull(),
  ...timestamps,
});

export const families = pgTable(
  'families',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    chapterCode: integer('chapter_code')
      .notNull()
      .references(() => chapters.code, { onUpdate: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    photoPath: text('photo_path'),
    googleCategory: integer('google_category'),
    ...timestamps,
  },
  (t) => [uniqueIndex('families_chapter_slug_key').on(t.chapterCode, t.slug)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  logoPath: text('logo_path'),
  officialSite: text('official_site'),
  /** Bumped by every staff edit. */
  version: integer('version').notNull().default(1),
  ...timestamps,
});

export const productStockStatus = ['in_stock', 'out_of_stock', 'on_order'] as const;

/** Head of a product name: without 'para …', 'p/ …', 'de ligação a …', 'de substituição …'. */
export const HEAD_CUT_SQL = String.raw`'\s(para|p/|de ligacao (a|ao)|de substituicao)(\s.*)?$'`;
/** Core of a head: without 'com …', 'sem …', 'c/ …', 's/ …'. */
export const CORE_CUT_SQL = String.raw`'\s(com|sem|c/|s/)(\s.*)?$'`;
const NAME_FOLDED_SQL = 'immutable_unaccent(lower(name))';
const HEAD_TEXT_SQL = `regexp_replace(${NAME_FOLDED_SQL}, ${HEAD_CUT_SQL}, '')`;
const CORE_TEXT_SQL = `regexp_replace(${HEAD_TEXT_SQL}, ${CORE_CUT_SQL}, '')`;
const HEAD_VECTOR_SQL = `setweight(to_tsvector('simple'::regconfig, split_part(${CORE_TEXT_SQL}, ' ', 1)), 'A') || setweight(to_tsvector('simple'::regconfig, substr(${CORE_TEXT_SQL}, length(split_part(${CORE_TEXT_SQL}, ' ', 1)) + 1)), 'B') || to_tsvector('simple'::regconfig, substr(${HEAD_TEXT_SQL}, length(${CORE_TEXT_SQL}) + 1))`;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** The ERP's stable product key (`product_id` in the import file). */
    productCode: text('product_code').notNull().unique(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    seoOptimizedName: text('seo_optimized_name'),
    description: text('description'),
    seoOptimizedDescription: text('seo_optimized_description'),
    chapterCode: integer('chapter_code')
      .notNull()
      .references(() => chapters.code, { onUpdate: 'cascade' }),
    familyId: integer('family_id')
      .notNull()
      .references(() => families.id),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** Uploaded or imported main photo (path under the media store or URL); null = generated. */
    photoPath: text('photo_path'),
    photoUpdatedAt: timestampTz('photo_updated_at'),
    /** Additional images, in order, with their alt text (admin uploads; imports leave it empty). */
    images: jsonb('images').$type<{ url: string; alt?: string | null }[]>().notNull().default([]),
    informacaoAdicional: text('informacao_adicional'),
    informacaoTecnica: text('informacao_tecnica'),
    enrichedData: jsonb('enriched_data').$type<Record<string, unknown>>(),
    productNotes: text('product_notes'),
    weight: numeric('weight', { precision: 10, scale: 3 }),
    weightUnit: text('weight_unit'),
    googleCategory: integer('google_category'),
    active: boolean('active').notNull().default(true),
    /** Bumped by every staff edit: a form saved over an older version is refused. */
    version: integer('version').notNull().default(1),
    // Derived from the models (kept up to date by refreshProductDerived after every write).
    stockStatus: text('stock_status', { enum: productStockStatus }).notNull().default('in_stock'),
    ean: text('ean'),
    discountGroup: text('discount_group'),
    minPrice: numeric('min_price', { precision: 12, scale: 4 }),
    maxPrice: numeric('max_price', { precision: 12, scale: 4 }),
    availableSizes: text('available_sizes').array().notNull().default(sql`'{}'::text[]`),
    modelCount: integer('model_count').notNull().default(0),
    /** Brand, family, model codes, sizes and EANs: text the search document includes. */
    searchExtra: text('search_extra').notNull().default(''),
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('pt_unaccent', coalesce(name, '') || ' ' || coalesce(seo_optimized_name, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(product_code, '') || ' ' || coalesce(search_extra, '')), 'B') || setweight(to_tsvector('pt_unaccent', coalesce(description, '')), 'C')`,
    ),
    // The name as the search ranks it (server/search/engine.ts), computed once per write rather
    // than for every candidate of every query: folded name, name without what follows
    // 'para'/'de substituição' (head), head without 'com'/'sem' clauses (core), and a vector of
    // the core's first word (A), the rest of the core (B) and the rest of the head.
    nameFolded: text('name_folded').generatedAlwaysAs(sql.raw(NAME_FOLDED_SQL)),
    headText: text('head_text').generatedAlwaysAs(sql.raw(HEAD_TEXT_SQL)),
    coreText: text('core_text').generatedAlwaysAs(sql.raw(CORE_TEXT_SQL)),
    headVector: tsvector('head_vector').generatedAlwaysAs(sql.raw(HEAD_VECTOR_SQL)),
    ...timestamps,
  },
  (t) => [
    index('products_chapter_idx').on(t.chapterCode),
    index('products_family_idx').on(t.familyId),
    index('products_brand_idx').on(t.brandId),
    index('products_slug_idx').on(t.slug),
    index('products_search_document_idx').using('gin', t.searchDocument),
  ],
);

export const inventoryProducts = pgTable(
  'inventory_products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    productId: belongsTo('product_id', () => products.id),
    size: text('size'),
    productStatus: text('product_status').notNull().default('active'),
    /** Net price in EUR without VAT. */
    price: numeric('price', { precision: 12, scale: 4 }).notNull(),
    discountGroup: text('discount_group'),
    supplier: text('supplier'),
    smallPackage: text('small_package'),
    mediumPackage: text('medium_package'),
    largePackage: text('large_package'),
    notes: text('notes'),
    photoPath: text('photo_path'),
    ean: text('ean'),
    stockStatus: text('stock_status', { enum: productStockStatus }).notNull().default('in_stock'),
    /** IVA rate in percent (23 on the mainland unless the model says otherwise). */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('23'),
    /**
     * Quantity rules of a model sold only in packs (units): at least `sales_minimum`, and only
     * multiples of `sales_increment` (null = 1). The picker rounds up; the cart API refuses others.
     */
    salesMinimum: integer('sales_minimum'),
    salesIncrement: integer('sales_increment'),
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`setweight(to_tsvector('pt_unaccent', coalesce(code, '') || ' ' || coalesce(ean, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(name, '') || ' ' || coalesce(size, '')), 'B')`,
    ),
    ...timestamps,
  },
  (t) => [
    index('inventory_products_product_idx').on(t.productId),
    index('inventory_products_ean_idx').on(t.ean),
    index('inventory_products_search_document_idx').using('gin', t.searchDocument),
  ],
);

/** `model_id` of a row about one model (`inventory_products.id`), deleted with the model. */
export const modelIdColumn = () =>
  belongsTo('model_id', () => inventoryProducts.id);

/** Technical attributes of a model (name, value, unit), for filters. */
export const modelAttributes = pgTable(
  'model_attributes',
  {
    modelId: modelIdColumn(),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    unit: text('unit'),
    /** The value as a number in the attribute's base unit where it is one (filled by the search issue). */
    numericValue: numeric('numeric_value'),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.position] }),
    index('model_attributes_name_value_idx').on(t.name, t.value),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category'),
    imagePath: text('image_path'),
    theme: text('theme'),
    startsAt: timestampTz('starts_at'),
    endsAt: timestampTz('ends_at'),
    active: boolean('active').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Bumped by every staff edit. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('campaigns_active_idx').on(t.active, t.startsAt, t.endsAt)],
);

export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: belongsTo('campaign_id', () => campaigns.id),
    productId: belongsTo('product_id', () => products.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.productId] }),
    index('campaign_products_product_idx').on(t.productId),
  ],
);

export const partnerLogos = pgTable('partner_logos', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Image URL or media path of the logo. */
  url: text('url').notNull(),
  /** File extension of the logo image (spec: name, url, extension). */
  extension: text('extension').notNull(),
  brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

export type Chapter = typeof chapters.$inferSelect;
export type Family = typeof families.$inferSelect;
export type Brand = typeof brands.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type InventoryProduct = typeof inventoryProducts.$inferSelect;
export type NewInventoryProduct = typeof inventoryProducts.$inferInsert;
export type ModelAttribute = typeof modelAttributes.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
export type PartnerLogo = typeof partnerLogos.$inferSelect;
