ALTER TABLE "payment_options" ADD COLUMN "offered_message" text;--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "offered_last_valid_block_height" bigint;