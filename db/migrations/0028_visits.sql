CREATE TABLE "visit_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_views" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_views_day_step_page_pk" PRIMARY KEY("day","step","page")
);
--> statement-breakpoint
CREATE TABLE "visit_visitors" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "visit_visitors_day_step_visitor_pk" PRIMARY KEY("day","step","visitor")
);
