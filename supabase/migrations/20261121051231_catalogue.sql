CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo_path" text,
	"official_site" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name"),
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "campaign_products" (
	"campaign_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_products_campaign_id_product_id_pk" PRIMARY KEY("campaign_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text,
	"image_path" text,
	"theme" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"code" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"short_title" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text NOT NULL,
	"theme" jsonb NOT NULL,
	"sort_order" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapters_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "families" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"chapter_code" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"photo_path" text,
	"google_category" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "families_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "inventory_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"product_id" integer NOT NULL,
	"size" text,
	"product_status" text DEFAULT 'active' NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"discount_group" text,
	"supplier" text,
	"small_package" text,
	"medium_package" text,
	"large_package" text,
	"notes" text,
	"photo_path" text,
	"ean" text,
	"stock_status" text DEFAULT 'in_stock' NOT NULL,
	"search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', coalesce(code, '') || ' ' || coalesce(ean, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(name, '') || ' ' || coalesce(size, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "model_attributes" (
	"model_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"unit" text,
	"numeric_value" numeric,
	CONSTRAINT "model_attributes_model_id_position_pk" PRIMARY KEY("model_id","position")
);
--> statement-breakpoint
CREATE TABLE "partner_logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"extension" text NOT NULL,
	"brand_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"seo_optimized_name" text,
	"description" text,
	"seo_optimized_description" text,
	"chapter_code" integer NOT NULL,
	"family_id" integer NOT NULL,
	"brand_id" integer,
	"photo_path" text,
	"photo_updated_at" timestamp with time zone,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"informacao_adicional" text,
	"informacao_tecnica" text,
	"enriched_data" jsonb,
	"product_notes" text,
	"weight" numeric(10, 3),
	"weight_unit" text,
	"google_category" integer,
	"active" boolean DEFAULT true NOT NULL,
	"stock_status" text DEFAULT 'in_stock' NOT NULL,
	"ean" text,
	"discount_group" text,
	"min_price" numeric(12, 4),
	"max_price" numeric(12, 4),
	"available_sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"model_count" integer DEFAULT 0 NOT NULL,
	"search_extra" text DEFAULT '' NOT NULL,
	"search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', coalesce(name, '') || ' ' || coalesce(seo_optimized_name, '')), 'A') || setweight(to_tsvector('pt_unaccent', coalesce(product_code, '') || ' ' || coalesce(search_extra, '')), 'B') || setweight(to_tsvector('pt_unaccent', coalesce(description, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_product_code_unique" UNIQUE("product_code")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"tagline" text,
	"founded_year" integer,
	"employees" integer,
	"price_range" text,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'PT' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"hours" jsonb NOT NULL,
	"warehouse_address" text,
	"warehouse_postal_code" text,
	"warehouse_city" text,
	"warehouse_phone" text,
	"maps_url" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"complaints_book_url" text,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_chapter_code_chapters_code_fk" FOREIGN KEY ("chapter_code") REFERENCES "public"."chapters"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_attributes" ADD CONSTRAINT "model_attributes_model_id_inventory_products_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_logos" ADD CONSTRAINT "partner_logos_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_chapter_code_chapters_code_fk" FOREIGN KEY ("chapter_code") REFERENCES "public"."chapters"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_products_product_idx" ON "campaign_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "campaigns_active_idx" ON "campaigns" USING btree ("active","starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "families_chapter_slug_key" ON "families" USING btree ("chapter_code","slug");--> statement-breakpoint
CREATE INDEX "inventory_products_product_idx" ON "inventory_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "inventory_products_ean_idx" ON "inventory_products" USING btree ("ean");--> statement-breakpoint
CREATE INDEX "inventory_products_search_document_idx" ON "inventory_products" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "model_attributes_name_value_idx" ON "model_attributes" USING btree ("name","value");--> statement-breakpoint
CREATE INDEX "products_chapter_idx" ON "products" USING btree ("chapter_code");--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "products" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_slug_idx" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document");