CREATE TABLE "payment_submissions" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"option_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"kind" text NOT NULL,
	"tx_hash" text NOT NULL,
	"replaced_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"raw_tx" text,
	"relayer" text,
	"relay_nonce" bigint,
	"max_fee_per_gas" numeric(78, 0),
	"max_priority_fee_per_gas" numeric(78, 0),
	"gas_limit" numeric(78, 0),
	"payer_nonce" bigint,
	"last_valid_block_height" bigint,
	"state" text DEFAULT 'open' NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"unseen_since" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_submissions_state_check" CHECK ("payment_submissions"."state" in ('open','closed'))
);
--> statement-breakpoint
CREATE TABLE "relayer_nonces" (
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relayer_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "payment_submissions" ADD CONSTRAINT "payment_submissions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_submissions_due_idx" ON "payment_submissions" USING btree ("next_check_at") WHERE "payment_submissions"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_submissions_relay_nonce_unique" ON "payment_submissions" USING btree ("chain_id","relayer","relay_nonce") WHERE "payment_submissions"."state" = 'open';--> statement-breakpoint
-- Payments already processing when this migration runs keep being watched: their transfer was sent
-- before submissions were recorded, so there are no bytes to resend, only a hash to observe.
INSERT INTO "payment_submissions" ("payment_id", "option_id", "chain_id", "kind", "tx_hash", "last_valid_block_height", "next_check_at")
SELECT p."id", p."option_id", p."chain_id",
  CASE o."method" WHEN 'eip3009' THEN 'relay' WHEN 'spl_transfer' THEN 'cosigned' ELSE 'wallet_sent' END,
  p."tx_hash", o."last_valid_block_height", now()
FROM "payments" p JOIN "payment_options" o ON o."id" = p."option_id"
WHERE p."status" = 'processing' AND p."tx_hash" IS NOT NULL;
