ALTER TABLE "rate_limits" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 minute' NOT NULL;--> statement-breakpoint
UPDATE "rate_limits" SET "expires_at" = "window_start" + interval '1 minute';--> statement-breakpoint
CREATE INDEX "rate_limits_expires_at_idx" ON "rate_limits" USING btree ("expires_at");