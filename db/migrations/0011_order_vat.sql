ALTER TABLE "order_lines" ADD COLUMN "vat_rate" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_vat_rate" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_vat" integer;--> statement-breakpoint
-- Orders placed before VAT was stored: the standard rate of their date (19% before 1 August 2025,
-- 00:00 in Bucharest; 21% since; domain/vat standardVatRateAt), the VAT extracted from each gross
-- amount as domain/vat vatIn does: round(gross × rate / (10000 + rate)) (amounts are never negative,
-- so numeric round's half away from zero is Math.round's half up).
UPDATE "orders" SET "shipping_vat_rate" = CASE WHEN "created_at" < '2025-07-31T21:00:00Z' THEN 1900 ELSE 2100 END;--> statement-breakpoint
UPDATE "orders" SET "shipping_vat" = round("shipping"::numeric * "shipping_vat_rate" / (10000 + "shipping_vat_rate"));--> statement-breakpoint
UPDATE "order_lines" SET "vat_rate" = "orders"."shipping_vat_rate" FROM "orders" WHERE "orders"."id" = "order_lines"."order_id";--> statement-breakpoint
UPDATE "order_lines" SET "vat_amount" = round(("unit_price"::numeric * "quantity") * "vat_rate" / (10000 + "vat_rate"));--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "vat_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "vat_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_vat_rate" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_vat" SET NOT NULL;
