CREATE TABLE "cod_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "cod_blocks_contact" UNIQUE("kind","value"),
	CONSTRAINT "cod_blocks_kind" CHECK ("cod_blocks"."kind" in ('phone', 'email'))
);
--> statement-breakpoint
ALTER TABLE "cod_blocks" ADD CONSTRAINT "cod_blocks_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_returned_phone_idx" ON "orders" USING btree ("phone_number") WHERE "orders"."status" = 'returned';--> statement-breakpoint
CREATE INDEX "orders_returned_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."status" = 'returned';