ALTER TABLE "products" ADD COLUMN "manufacturer" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "responsible_person" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "safety_info" text;