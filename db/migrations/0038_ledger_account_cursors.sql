CREATE TABLE "ledger_account_cursors" (
	"chain_id" text NOT NULL,
	"recipient" text NOT NULL,
	"asset" text NOT NULL,
	"last_signature" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_cursors_chain_id_recipient_asset_pk" PRIMARY KEY("chain_id","recipient","asset")
);
--> statement-breakpoint
CREATE INDEX "payment_submissions_open_tx_idx" ON "payment_submissions" USING btree ("tx_hash") WHERE "payment_submissions"."state" = 'open';