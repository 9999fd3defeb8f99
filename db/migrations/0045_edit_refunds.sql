ALTER TABLE "orders" ADD COLUMN "edit_refund_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "edit_refunded" integer DEFAULT 0 NOT NULL;