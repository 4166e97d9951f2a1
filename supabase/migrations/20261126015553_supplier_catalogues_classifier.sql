CREATE TABLE "google_category_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"keywords" text NOT NULL,
	"category_id" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_catalogues" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"title" text NOT NULL,
	"year" smallint,
	"pdf_key" text,
	"external_url" text,
	"cover_url" text,
	"cover_source" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_catalogues" ADD CONSTRAINT "supplier_catalogues_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_catalogues_brand_idx" ON "supplier_catalogues" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "supplier_catalogues_order_idx" ON "supplier_catalogues" USING btree ("sort_order","id");