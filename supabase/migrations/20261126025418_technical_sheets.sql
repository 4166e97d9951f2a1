CREATE TABLE "technical_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"model_id" integer,
	"title" text NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"norms" text[] DEFAULT '{}'::text[] NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"drawing_key" text,
	"manufacturer_pdf_key" text,
	"generated_pdf_key" text,
	"generated_at" timestamp with time zone,
	"generated_version" integer,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technical_sheets_product_model_key" UNIQUE NULLS NOT DISTINCT("product_id","model_id")
);
--> statement-breakpoint
ALTER TABLE "technical_sheets" ADD CONSTRAINT "technical_sheets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_sheets" ADD CONSTRAINT "technical_sheets_model_id_inventory_products_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technical_sheets_published_idx" ON "technical_sheets" USING btree ("published");