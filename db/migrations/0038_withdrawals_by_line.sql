CREATE TABLE "withdrawal_lines" (
	"withdrawal_id" uuid NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "withdrawal_lines_withdrawal_id_order_line_id_pk" PRIMARY KEY("withdrawal_id","order_line_id"),
	CONSTRAINT "withdrawal_lines_quantity" CHECK ("withdrawal_lines"."quantity" between 1 and 99 and "withdrawal_lines"."received" between 0 and "withdrawal_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"stated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"iban" text,
	"status" text DEFAULT 'requested' NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('requested', 'returning', 'received_part', 'received'))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD CONSTRAINT "withdrawal_lines_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD CONSTRAINT "withdrawal_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_lines_order_line_idx" ON "withdrawal_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "withdrawals_order_idx" ON "withdrawals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawals_stated_idx" ON "withdrawals" USING btree ("stated_at" desc);--> statement-breakpoint
-- Each withdrawal asked for before (one per order, of the whole order) becomes a withdrawal of all its lines, its
-- note as its reason; the orders' own copies of the customer's words and IBAN are emptied (no longer read).
WITH moved AS (
	INSERT INTO "withdrawals" ("order_id", "stated_at", "reason", "iban")
	SELECT "id", "withdrawal_requested_at", "withdrawal_note", "withdrawal_iban" FROM "orders" WHERE "withdrawal_requested_at" IS NOT NULL
	RETURNING "id", "order_id"
)
INSERT INTO "withdrawal_lines" ("withdrawal_id", "order_line_id", "quantity")
SELECT moved."id", l."id", l."quantity" FROM moved JOIN "order_lines" l ON l."order_id" = moved."order_id";--> statement-breakpoint
UPDATE "orders" SET "withdrawal_note" = NULL, "withdrawal_iban" = NULL WHERE "withdrawal_note" IS NOT NULL OR "withdrawal_iban" IS NOT NULL;
