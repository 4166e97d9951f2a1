CREATE TABLE "order_payments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"phone" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"request_id" text,
	"entity" text,
	"reference" text,
	"expires_on" date,
	"requested_at" timestamp with time zone,
	"paid_cents" integer,
	"paid_at" timestamp with time zone,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_money_sane" CHECK ("order_payments"."amount_cents" > 0 AND ("order_payments"."paid_cents" IS NULL OR "order_payments"."paid_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_provider_request_key" ON "order_payments" USING btree ("provider","request_id");--> statement-breakpoint
CREATE INDEX "order_payments_reference_idx" ON "order_payments" USING btree ("entity","reference");