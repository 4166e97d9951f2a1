CREATE TABLE "catalogue_prints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chapter_code" integer NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_change_id" bigint DEFAULT 0 NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "catalogue_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"rows" integer NOT NULL,
	"actor_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_prints_chapter_idx" ON "catalogue_prints" USING btree ("chapter_code","id");