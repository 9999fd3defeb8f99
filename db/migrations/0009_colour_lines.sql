ALTER TABLE "order_lines" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "colour_stock_taken" integer DEFAULT 0 NOT NULL;