ALTER TABLE "shipments" ADD COLUMN "label_a6" "bytea";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_a4" "bytea";