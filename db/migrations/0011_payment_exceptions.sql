ALTER TABLE "payments" ADD COLUMN "exception" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_amount" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_submissions" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_submissions" ADD COLUMN "received_amount" numeric(78, 0);--> statement-breakpoint
CREATE INDEX "payments_merchant_exception_idx" ON "payments" USING btree ("merchant_id","created_at") WHERE "payments"."exception" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_exception_check" CHECK ("payments"."exception" in ('paid_late','underpaid','overpaid'));