CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"offsite" text,
	"error" text,
	CONSTRAINT "backups_day_unique" UNIQUE("day"),
	CONSTRAINT "backups_status" CHECK ("backups"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "job_rounds" (
	"job" text PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
