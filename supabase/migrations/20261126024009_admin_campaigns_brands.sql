CREATE TABLE "brand_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_slug_redirects" ADD CONSTRAINT "brand_slug_redirects_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;