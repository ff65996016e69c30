ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{payments:write,payments:read,refunds:write,webhooks:manage,links:manage}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "created_by_key_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_created_by_key_idx" ON "payments" USING btree ("created_by_key_id","created_at") WHERE "payments"."created_by_key_id" is not null;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_kind_check" CHECK ("api_keys"."kind" in ('standard','pos'));