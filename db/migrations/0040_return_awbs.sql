CREATE TABLE "return_awbs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"request" jsonb NOT NULL,
	"locker_id" text,
	"locker_name" text,
	"state" text DEFAULT 'creating' NOT NULL,
	"awb" text,
	"label" "bytea",
	"link_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	CONSTRAINT "return_awbs_reference" UNIQUE("courier","reference"),
	CONSTRAINT "return_awbs_state" CHECK ("return_awbs"."state" in ('creating', 'made', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "return_awbs" ADD CONSTRAINT "return_awbs_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_awbs" ADD CONSTRAINT "return_awbs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_awbs_one_live" ON "return_awbs" USING btree ("withdrawal_id") WHERE "return_awbs"."state" in ('creating', 'made');--> statement-breakpoint
CREATE INDEX "return_awbs_order_idx" ON "return_awbs" USING btree ("order_id");