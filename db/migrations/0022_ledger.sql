CREATE TABLE "chain_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"position" integer NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"block_time" timestamp with time zone,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"merchant_id" text NOT NULL,
	"payment_id" text,
	"option_id" text,
	"state" text NOT NULL,
	"match" text NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"reorged_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transfers_state_check" CHECK ("chain_transfers"."state" in ('seen','counted','final','reorged','dropped')),
	CONSTRAINT "chain_transfers_match_check" CHECK ("chain_transfers"."match" in ('bound','unmatched','attached','dismissed')),
	CONSTRAINT "chain_transfers_payment_check" CHECK (("chain_transfers"."payment_id" is not null) = ("chain_transfers"."match" in ('bound','attached')))
);
--> statement-breakpoint
CREATE TABLE "ledger_cursors" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"genesis_hash" text,
	"next_block" bigint NOT NULL,
	"last_hash" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"scanned_at" timestamp with time zone,
	"scanned_head" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_exception_check";--> statement-breakpoint
ALTER TABLE "payment_submissions" ADD COLUMN "nonce_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_unique" ON "chain_transfers" USING btree ("chain_id","tx_hash","position");--> statement-breakpoint
CREATE INDEX "chain_transfers_payment_idx" ON "chain_transfers" USING btree ("payment_id") WHERE "chain_transfers"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "chain_transfers_due_idx" ON "chain_transfers" USING btree ("next_check_at") WHERE "chain_transfers"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "chain_transfers_merchant_idx" ON "chain_transfers" USING btree ("merchant_id","match","created_at");--> statement-breakpoint
CREATE INDEX "payment_options_reference_idx" ON "payment_options" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_options_chain_created_idx" ON "payment_options" USING btree ("chain_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_exception_check" CHECK ("payments"."exception" in ('paid_late','underpaid','overpaid','duplicate','reorged','stuck'));