CREATE TABLE "courier_rounds" (
	"courier" text NOT NULL,
	"kind" text NOT NULL,
	"checked_through" date,
	"synced_until" timestamp with time zone,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	CONSTRAINT "courier_rounds_courier_kind_pk" PRIMARY KEY("courier","kind")
);
--> statement-breakpoint
CREATE TABLE "lockers" (
	"courier" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"county" text,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"accepts_cash" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lockers_courier_id_pk" PRIMARY KEY("courier","id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locker" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cash_paid" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cash_paid_on" date;--> statement-breakpoint
CREATE INDEX "lockers_place_idx" ON "lockers" USING btree ("courier","county","city");--> statement-breakpoint
UPDATE "shipments" SET "delivered_at" = "tracked_at" WHERE "status" = 'delivered';
