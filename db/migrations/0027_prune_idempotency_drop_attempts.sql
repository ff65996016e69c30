-- The sign-in and sign-up limits count in rate_limits now (rate-limiter-flexible, lib/http/create-rate-limiter.ts),
-- whose rows the prune job deletes once their window has ended: the attempt tables go. The prune job deletes
-- Idempotency-Keys a day old through the created_at indexes.
ALTER TABLE "sign_in_attempts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sign_up_attempts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sign_in_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "sign_up_attempts" CASCADE;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "platform_idempotency_keys_created_idx" ON "platform_idempotency_keys" USING btree ("created_at");