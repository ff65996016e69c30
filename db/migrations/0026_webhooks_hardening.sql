CREATE TABLE "webhook_rate_limits" (
	"merchant_id" text NOT NULL,
	"action" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "webhook_rate_limits_merchant_id_action_pk" PRIMARY KEY("merchant_id","action")
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "host" text GENERATED ALWAYS AS (lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]*)'))) STORED;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "timeouts_in_a_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_rate_limits" ADD CONSTRAINT "webhook_rate_limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_claimed_idx" ON "webhook_deliveries" USING btree ("lease_until") WHERE "webhook_deliveries"."claim_token" is not null;--> statement-breakpoint
-- Claims made before claims had a lease column would be neither in flight nor lapsed: free them, so
-- each is attempted again when its old lease (next_attempt_at) ends, as a lapsed claim was before.
UPDATE "webhook_deliveries" SET "claim_token" = NULL WHERE "claim_token" IS NOT NULL;
