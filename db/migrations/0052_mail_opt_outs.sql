CREATE TABLE "mail_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_lower" CHECK ("mail_opt_outs"."email" = lower("mail_opt_outs"."email"))
);
