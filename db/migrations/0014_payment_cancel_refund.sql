ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_tx_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_refund_tx_unique" ON "payments" USING btree ("chain_id","refund_tx_hash");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cancel_reason_check" CHECK ("payments"."status" <> 'cancelled' or "payments"."cancel_reason" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_check" CHECK ("payments"."refunded_at" is null or "payments"."status" = 'succeeded');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending','processing','succeeded','failed','expired','cancelled'));