ALTER TABLE "invoices" ADD COLUMN "xml" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "problems" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "check_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_unchecked_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."checked_at" is null;