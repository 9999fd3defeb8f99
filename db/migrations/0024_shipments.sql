CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"awb" text NOT NULL,
	"reference" text NOT NULL,
	"parcel_awbs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parcels" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"cost" integer,
	"cash_on_delivery" integer NOT NULL,
	"declared_value" integer NOT NULL,
	"locker_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unknown_status" text,
	"track_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tracked_at" timestamp with time zone,
	"track_lease_until" timestamp with time zone,
	"events_seen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipments_courier_awb" UNIQUE("courier","awb"),
	CONSTRAINT "shipments_status" CHECK ("shipments"."status" in ('active', 'delivered', 'returned', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_to_track_idx" ON "shipments" USING btree ("track_at") WHERE "shipments"."status" = 'active';