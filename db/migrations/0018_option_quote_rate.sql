ALTER TABLE "payment_options" ADD COLUMN "price_num" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "price_den" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "price_rounds" jsonb;--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "priced_at" timestamp with time zone;