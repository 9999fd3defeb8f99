ALTER TABLE "courier_rounds" ADD COLUMN "pickup_ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courier_rounds" ADD COLUMN "pickup_order" text;