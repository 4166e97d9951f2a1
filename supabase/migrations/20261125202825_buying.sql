CREATE TABLE "price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"discount_group" text NOT NULL,
	"discount_percentage" numeric(5, 2) NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_rules_percentage_range" CHECK ("price_rules"."discount_percentage" >= 0 AND "price_rules"."discount_percentage" <= 100),
	CONSTRAINT "price_rules_dates_order" CHECK ("price_rules"."valid_from" IS NULL OR "price_rules"."valid_to" IS NULL OR "price_rules"."valid_from" <= "price_rules"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "pro_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fiscal_name" text,
	"nif" text,
	"phc_client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text NOT NULL,
	"model_id" integer NOT NULL,
	"selected_package_type" text DEFAULT 'Unidade' NOT NULL,
	"items_per_package" integer DEFAULT 1 NOT NULL,
	"quantity_of_packages" integer NOT NULL,
	"unit_price_at_purchase" numeric(12, 4),
	"previous_unit_price" numeric(12, 4),
	"priced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_range" CHECK ("cart_items"."quantity_of_packages" >= 1 AND "cart_items"."quantity_of_packages" <= 9999),
	CONSTRAINT "cart_items_items_per_package_range" CHECK ("cart_items"."items_per_package" >= 1 AND "cart_items"."items_per_package" <= 100000)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"merged_into" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT '23' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "sales_minimum" integer;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD COLUMN "sales_increment" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pro_account_id" integer;--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_account_id_pro_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."pro_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_model_id_inventory_products_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_rules_account_group_idx" ON "price_rules" USING btree ("account_id","discount_group");--> statement-breakpoint
CREATE INDEX "pro_accounts_nif_idx" ON "pro_accounts" USING btree ("nif");--> statement-breakpoint
CREATE INDEX "pro_accounts_phc_client_idx" ON "pro_accounts" USING btree ("phc_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_model_package_key" ON "cart_items" USING btree ("cart_id","model_id","items_per_package");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_active_per_user" ON "carts" USING btree ("user_id") WHERE "carts"."status" = 'active' AND "carts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "carts_updated_at_idx" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pro_account_id_pro_accounts_id_fk" FOREIGN KEY ("pro_account_id") REFERENCES "public"."pro_accounts"("id") ON DELETE set null ON UPDATE no action;