CREATE TABLE "review_hidings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_hidings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"review_id" bigint NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"owner_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_hidings_action" CHECK (("review_hidings"."action" = 'hidden' and "review_hidings"."reason" in ('insults', 'personalData', 'offTopic')) or ("review_hidings"."action" = 'shown' and "review_hidings"."reason" is null))
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_id" text,
	"product_name" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text,
	"language" text NOT NULL,
	"name" text,
	"county" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "reviews_order_line_id_unique" UNIQUE("order_line_id"),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_language" CHECK ("reviews"."language" in ('en', 'ro')),
	CONSTRAINT "reviews_hidden" CHECK (("reviews"."hidden_at" is null and "reviews"."hidden_reason" is null) or ("reviews"."hidden_at" is not null and "reviews"."hidden_reason" in ('insults', 'personalData', 'offTopic')))
);
--> statement-breakpoint
ALTER TABLE "review_hidings" ADD CONSTRAINT "review_hidings_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_hidings" ADD CONSTRAINT "review_hidings_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_hidings_at_idx" ON "review_hidings" USING btree ("at" desc);--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "reviews_order_idx" ON "reviews" USING btree ("order_id");