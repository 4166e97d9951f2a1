ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "handled_by_id" text;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "handled_by_name" text;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "answer_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "pro_accounts" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "pro_accounts" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "pro_accounts" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "pro_accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_account_id_pro_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."pro_accounts"("id") ON DELETE set null ON UPDATE no action;