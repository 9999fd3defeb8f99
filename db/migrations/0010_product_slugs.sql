CREATE TABLE "product_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing products get a slug from their name (domain/catalog slugify, without accents); a name that repeats gets its id after it.
UPDATE "products" SET "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'product');--> statement-breakpoint
UPDATE "products" AS p SET "slug" = p."slug" || '-' || regexp_replace(lower(p."id"), '[^a-z0-9]+', '-', 'g') WHERE EXISTS (SELECT 1 FROM "products" AS q WHERE q."slug" = p."slug" AND q."id" < p."id");--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_slugs" ADD CONSTRAINT "product_slugs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_slug_unique" UNIQUE("slug");
