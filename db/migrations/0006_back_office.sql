CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	CONSTRAINT "order_events_actor" CHECK ("order_events"."actor" in ('customer', 'owner', 'stripe', 'system'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer DEFAULT nextval('order_number_seq') NOT NULL;--> statement-breakpoint
-- Orders placed before numbers existed are numbered in the order they were placed.
UPDATE "orders" SET "number" = numbered.n FROM (SELECT "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") AS numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('order_number_seq', greatest((SELECT max("number") FROM "orders"), 10000));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","changed_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_events_stream_idx" ON "order_events" USING btree ("tx","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "orders_email_search_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_last_name_search_idx" ON "orders" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_first_name_search_idx" ON "orders" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_search_idx" ON "orders" USING btree (right(regexp_replace("phone_number", '[^0-9]', '', 'g'), 9));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role" CHECK ("user"."role" in ('customer', 'owner'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_non_negative" CHECK ("products"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'confirmed', 'awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'returned'));;--> statement-breakpoint
-- The timeline of orders placed before it existed starts with their status at that time.
INSERT INTO "order_events" ("order_id", "at", "actor", "from_status", "to_status", "note") SELECT "id", "created_at", 'system', NULL, "status", 'Placed before the order history was kept' FROM "orders";--> statement-breakpoint
INSERT INTO "price_history" ("product_id", "price", "old_price", "changed_at") SELECT "id", "price", "old_price", "created_at" FROM "products";--> statement-breakpoint
-- Wakes the back office's live streams (every process LISTENs) when order events commit.
CREATE FUNCTION "notify_order_events"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('order_events', ''); RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER "order_events_notify" AFTER INSERT ON "order_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_events"();
