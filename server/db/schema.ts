/**
 * The Drizzle schema: the source of truth for `supabase/migrations`.
 * (No `server-only` import here: drizzle-kit loads this file outside Next.)
 *
 * Catalogue side of the spec (section 3): chapters → families → products (`product_view`)
 * → models (`inventory_products`) with technical attributes; brands, campaigns, partner logos,
 * shop settings. Users, carts, orders and admin entities get their own files later.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  bigint,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    photoUpdatedAt: timestamp('photo_updated_at', { withTimezone: true }),
    /** Additional images, in order. */
    images: jsonb('images').$type<{ url: string }[]>().notNull().default([]),
    informacaoAdicional: text('informacao_adicional'),
    informacaoTecnica: text('informacao_tecnica'),
    enrichedData: jsonb('enriched_data').$type<Record<string, unknown>>(),
    productNotes: text('product_notes'),
    weight: numeric('weight', { precision: 10, scale: 3 }),
    weightUnit: text('weight_unit'),
    googleCategory: integer('google_category'),
    active: boolean('active').notNull().default(true),
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
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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

/** Technical attributes of a model (name, value, unit), for filters. */
export const modelAttributes = pgTable(
  'model_attributes',
  {
    modelId: integer('model_id')
      .notNull()
      .references(() => inventoryProducts.id, { onDelete: 'cascade' }),
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
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('campaigns_active_idx').on(t.active, t.startsAt, t.endsAt)],
);

export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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

export interface OpeningHours {
  /** e.g. 'Segunda a Sexta' */
  days: string;
  /** e.g. ['08:30-12:30', '14:30-19:00'] */
  periods: string[];
}

export interface SocialLink {
  network: string;
  url: string;
}

/** The single shop-settings record (id = 1): footer, contact page and structured data. */
export const shopSettings = pgTable('shop_settings', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  legalName: text('legal_name'),
  tagline: text('tagline'),
  foundedYear: integer('founded_year'),
  employees: integer('employees'),
  priceRange: text('price_range'),
  address: text('address').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull().default('PT'),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  hours: jsonb('hours').$type<OpeningHours[]>().notNull(),
  warehouseAddress: text('warehouse_address'),
  warehousePostalCode: text('warehouse_postal_code'),
  warehouseCity: text('warehouse_city'),
  warehousePhone: text('warehouse_phone'),
  mapsUrl: text('maps_url'),
  latitude: numeric('latitude', { precision: 9, scale: 6 }),
  longitude: numeric('longitude', { precision: 9, scale: 6 }),
  complaintsBookUrl: text('complaints_book_url'),
  socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small key/value facts about this installation (e.g. how the catalogue was first filled). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
export type ShopSettings = typeof shopSettings.$inferSelect;

// ---------------------------------------------------------------------------
// Mail, newsletter and contact (spec 2.6, 3, 4, 5, 7 and 8).

export const mailStatus = ['outbox', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatus)[number];

/**
 * Every e-mail the shop sends. Without SMTP (development) this table is the delivery: the dev
 * page /dev/outbox lists it. With SMTP each mail is stored too, with its status, so none is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** outbox: kept here only (no SMTP); sent / failed: the SMTP outcome. */
    status: text('status', { enum: mailStatus }).notNull().default('outbox'),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export const newsletterStatus = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof newsletterStatus)[number];
export const newsletterSource = ['popup', 'footer', 'banner', 'signup'] as const;
export type NewsletterSource = (typeof newsletterSource)[number];

/** Double opt-in newsletter list: pending until the link in the confirmation mail is opened. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** Stored trimmed and in lower case; unique case-insensitively. */
    email: text('email').notNull(),
    /** The spec's `mmerge4` (Arquiteto, Decorador, ...); null when not given. */
    customerType: text('customer_type'),
    status: text('status', { enum: newsletterStatus }).notNull().default('pending'),
    /** SHA-256 (hex) of the token in the confirmation link; the token itself is never stored. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the last confirmation mail went out (at most one per 10 minutes). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /** Token of the unsubscribe link carried by every newsletter mail. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    source: text('source', { enum: newsletterSource }).notNull(),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('newsletter_subscriptions_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_token_key').on(t.unsubscribeToken),
    index('newsletter_subscriptions_status_idx').on(t.status),
  ],
);

export const contactMessageStatus = ['new', 'read', 'answered', 'archived'] as const;
export type ContactMessageStatus = (typeof contactMessageStatus)[number];

/** Messages of the /contacto form; the shop is also notified by e-mail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: contactMessageStatus }).notNull().default('new'),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_status_idx').on(t.status),
  ],
);

// ---------------------------------------------------------------------------------------------
// Accounts (better-auth tables: the property names are better-auth's field names; the adapter
// receives them as `authSchema` keyed by its model names). Profile fields of spec 3 live on the
// user row; `role` is the role of spec 6 (viewer by default) and `is_admin` the separate flag.

export const userTypes = ['particular', 'pro'] as const;
export type UserType = (typeof userTypes)[number];
export const userRoles = ['admin', 'editor', 'viewer'] as const;

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps,
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    role: text('role').notNull().default('viewer'),
    isAdmin: boolean('is_admin').notNull().default(false),
    userType: text('user_type', { enum: userTypes }).notNull().default('particular'),
    accountName: text('account_name'),
    fullName: text('full_name'),
    fiscalName: text('fiscal_name'),
    avatarUrl: text('avatar_url'),
    phoneNumber: text('phone_number'),
    fiscalNumber: text('fiscal_number'),
    companyName: text('company_name'),
    /** Client number in the ERP (PHC); '03' for web sign-ups (spec 3). */
    phcClientId: text('phc_client_id'),
    newsletterPreference: boolean('newsletter_preference').notNull().default(false),
  },
  (t) => [index('users_role_idx').on(t.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ...timestamps,
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_secret_idx').on(t.secret), index('two_factors_user_id_idx').on(t.userId)],
);

/** Fixed-window counters of the abuse limits (login, sign-up, recovery, resend) per IP and per e-mail. */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: bigint('window_started_at', { mode: 'number' }).notNull(),
});

export const accessRequestStatus = ['pending', 'approved', 'rejected'] as const;
export const accessRequestTypologies = ['Arquiteto', 'Decorador', 'Empreiteiro', 'Instalador', 'Promotor', 'Revendedor', 'Outro'] as const;

/** Requests of professionals for a pro account (/access-request); approved in the admin area. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    fiscalNumber: text('fiscal_number').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    typology: text('typology').notNull(),
    message: text('message'),
    status: text('status', { enum: accessRequestStatus }).notNull().default('pending'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('access_requests_status_idx').on(t.status, t.createdAt)],
);

export const authSchema = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  twoFactor: twoFactors,
};

export type UserRow = typeof users.$inferSelect;
export type AccessRequest = typeof accessRequests.$inferSelect;

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * The shared log of cache invalidations (server/cache): every write that changes what cached
 * pages show appends the tags it touched; every server instance polls the log and forgets the
 * cached pages and data carrying those tags. Rows older than a day are pruned.
 */
export const cacheInvalidations = pgTable(
  'cache_invalidations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tags: text('tags').array().notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cache_invalidations_created_at_idx').on(t.createdAt)],
);
