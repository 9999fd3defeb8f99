CREATE TABLE "anaf_connection" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_by" text NOT NULL,
	"refreshing_until" timestamp with time zone,
	"problem" text,
	CONSTRAINT "anaf_connection_one_row" CHECK ("anaf_connection"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_state" text DEFAULT 'unsent' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_upload_index" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_upload_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_errors" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_zip" "bytea";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_next_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_status_day" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_status_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "anaf_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_to_report_idx" ON "invoices" USING btree ("anaf_next_at") WHERE "invoices"."anaf_state" in ('unsent', 'uploading', 'sent');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_anaf_state" CHECK ("invoices"."anaf_state" in ('unsent', 'uploading', 'sent', 'ok', 'nok'));