CREATE TABLE "testimonials" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "testimonials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"text" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"order_number" integer,
	"language" text DEFAULT 'ro' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_source" CHECK (("testimonials"."source" = 'order' and "testimonials"."order_number" is not null) or ("testimonials"."source" = 'instagram' and "testimonials"."order_number" is null)),
	CONSTRAINT "testimonials_language" CHECK ("testimonials"."language" in ('en', 'ro'))
);
