CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"credit_note_id" uuid,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"iban" text,
	"status" text DEFAULT 'due' NOT NULL,
	"due_day" date NOT NULL,
	"stripe_refund_id" text,
	"paid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_credit_note_id_unique" UNIQUE("credit_note_id"),
	CONSTRAINT "refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_method" CHECK ("refunds"."method" in ('card', 'transfer')),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('due', 'sent', 'paid'))
);
--> statement-breakpoint
DROP INDEX "invoices_one_credit_per_invoice";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("due_day") WHERE "refunds"."status" <> 'paid';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_withdrawal_idx" ON "invoices" USING btree ("withdrawal_id") WHERE "invoices"."withdrawal_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_credit_per_invoice" ON "invoices" USING btree ("corrects_id") WHERE "invoices"."withdrawal_id" is null;