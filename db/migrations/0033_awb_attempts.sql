CREATE TABLE "awb_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"reference" text NOT NULL,
	"request" jsonb NOT NULL,
	"order_version" integer NOT NULL,
	"state" text DEFAULT 'creating' NOT NULL,
	"awb" text,
	"shipment_id" uuid,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	CONSTRAINT "awb_attempts_reference" UNIQUE("courier","reference"),
	CONSTRAINT "awb_attempts_state" CHECK ("awb_attempts"."state" in ('creating', 'done', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "awb_attempts" ADD CONSTRAINT "awb_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awb_attempts" ADD CONSTRAINT "awb_attempts_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "awb_attempts_one_creating" ON "awb_attempts" USING btree ("order_id") WHERE "awb_attempts"."state" = 'creating';--> statement-breakpoint
CREATE INDEX "awb_attempts_order_idx" ON "awb_attempts" USING btree ("order_id");