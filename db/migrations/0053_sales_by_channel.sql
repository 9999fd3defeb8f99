CREATE TABLE "visit_sources" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "visit_sources_day_source_medium_campaign_visitor_pk" PRIMARY KEY("day","source","medium","campaign","visitor")
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attribution" jsonb;