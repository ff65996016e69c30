CREATE TABLE "sponsored_token_accounts" (
	"chain_id" text NOT NULL,
	"account" text NOT NULL,
	"merchant_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"lamports" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_token_accounts_chain_id_account_pk" PRIMARY KEY("chain_id","account")
);
--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "rent_payer" text;--> statement-breakpoint
ALTER TABLE "sponsored_token_accounts" ADD CONSTRAINT "sponsored_token_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;