CREATE TABLE "erp_clients" (
	"erp_client_id" text PRIMARY KEY NOT NULL,
	"nif" text,
	"name" text NOT NULL,
	"email" text,
	"account_name" text,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_id" integer,
	"missing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_mails" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"outbox_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "erp_clients" ADD CONSTRAINT "erp_clients_account_id_pro_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."pro_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_mails" ADD CONSTRAINT "order_status_mails_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_mails" ADD CONSTRAINT "order_status_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_clients_nif_idx" ON "erp_clients" USING btree ("nif");--> statement-breakpoint
CREATE INDEX "erp_clients_email_idx" ON "erp_clients" USING btree ("email");--> statement-breakpoint
CREATE INDEX "erp_clients_account_idx" ON "erp_clients" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "erp_sync_runs_started_idx" ON "erp_sync_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "order_status_mails_order_idx" ON "order_status_mails" USING btree ("order_id");