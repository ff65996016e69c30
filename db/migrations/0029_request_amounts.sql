CREATE TABLE "request_amounts" (
	"chain_id" text NOT NULL,
	"recipient" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"payment_id" text NOT NULL,
	"option_id" text NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_amounts_chain_id_recipient_asset_amount_pk" PRIMARY KEY("chain_id","recipient","asset","amount")
);
--> statement-breakpoint
CREATE INDEX "request_amounts_payment_idx" ON "request_amounts" USING btree ("payment_id");