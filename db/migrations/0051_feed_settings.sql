ALTER TABLE "products" ADD COLUMN "exclude_from_feeds" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "feed_title" text;