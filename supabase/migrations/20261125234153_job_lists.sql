CREATE TABLE "job_list_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"selected_package_type" text DEFAULT 'Unidade' NOT NULL,
	"items_per_package" integer DEFAULT 1 NOT NULL,
	"quantity_of_packages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_value" text,
	"scope_label" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"build_ms" integer
);
--> statement-breakpoint
ALTER TABLE "job_list_lines" ADD CONSTRAINT "job_list_lines_list_id_job_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."job_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_list_lines" ADD CONSTRAINT "job_list_lines_model_id_inventory_products_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lists" ADD CONSTRAINT "job_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_exports" ADD CONSTRAINT "price_list_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_exports" ADD CONSTRAINT "price_list_exports_account_id_pro_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."pro_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_list_lines_model_package" ON "job_list_lines" USING btree ("list_id","model_id","items_per_package");--> statement-breakpoint
CREATE INDEX "job_list_lines_model_idx" ON "job_list_lines" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "job_lists_user_idx" ON "job_lists" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "price_list_exports_user_idx" ON "price_list_exports" USING btree ("user_id","created_at");