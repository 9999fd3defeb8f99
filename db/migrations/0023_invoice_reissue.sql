DROP INDEX "invoices_one_per_order";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
UPDATE "invoices" SET "credited_at" = credit."created_at" FROM "invoices" credit WHERE credit."corrects_id" = "invoices"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."credited_at" is null;