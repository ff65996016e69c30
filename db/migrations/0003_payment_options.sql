CREATE TABLE "payment_options" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"account" text NOT NULL,
	"recipient" text NOT NULL,
	"chain_id" text NOT NULL,
	"token_caip19" text NOT NULL,
	"method" text NOT NULL,
	"token_amount" numeric(78, 0) NOT NULL,
	"reference" text NOT NULL,
	"valid_before" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"built_message" text,
	"last_valid_block_height" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_options_payment_idx" ON "payment_options" USING btree ("payment_id");