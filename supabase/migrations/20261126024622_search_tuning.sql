CREATE TABLE "search_log" (
	"term" text PRIMARY KEY NOT NULL,
	"sample" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_results" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"builtin_key" text,
	"kind" text NOT NULL,
	"terms" text[] NOT NULL,
	"targets" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"chapter_code" integer,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "search_log_count_idx" ON "search_log" USING btree ("count");--> statement-breakpoint
CREATE INDEX "search_log_last_seen_idx" ON "search_log" USING btree ("last_seen");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_builtin_key_idx" ON "search_synonyms" USING btree ("builtin_key");--> statement-breakpoint
CREATE INDEX "search_synonyms_updated_idx" ON "search_synonyms" USING btree ("updated_at");