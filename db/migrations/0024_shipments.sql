CREATE TABLE "shipment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	CONSTRAINT "shipment_events_once" UNIQUE("shipment_id","at","code")
);
--> statement-breakpoint
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
	CONSTRAINT "shipments_courier_awb" UNIQUE("courier","awb"),
	CONSTRAINT "shipments_status" CHECK ("shipments"."status" in ('active', 'delivered', 'returned', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_to_track_idx" ON "shipments" USING btree ("track_at") WHERE "shipments"."status" = 'active';