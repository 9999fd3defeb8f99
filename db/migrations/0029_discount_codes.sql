CREATE TABLE "discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal" integer,
	"valid_from" date,
	"valid_to" date,
	"usage_limit" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"once_per_contact" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."uses" >= 0)
);
