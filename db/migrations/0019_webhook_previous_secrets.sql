ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secrets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A secret replaced before this migration keeps signing until its overlap ends, as it would have.
UPDATE "webhook_endpoints" SET "previous_secrets" = jsonb_build_array(jsonb_build_object(
  'secret', "previous_secret",
  'expiresAt', to_char("previous_secret_expires_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
WHERE "previous_secret" IS NOT NULL AND "previous_secret_expires_at" > now();
