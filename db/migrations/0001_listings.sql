CREATE TABLE "merchant_customer_days" (
	"merchant_id" text NOT NULL,
	"day" date NOT NULL,
	"chain_id" text NOT NULL,
	"token_caip19" text NOT NULL,
	"buyer_account" text NOT NULL,
	CONSTRAINT "merchant_customer_days_merchant_id_day_chain_id_token_caip19_buyer_account_pk" PRIMARY KEY("merchant_id","day","chain_id","token_caip19","buyer_account")
);
--> statement-breakpoint
CREATE TABLE "merchant_customers" (
	"merchant_id" text NOT NULL,
	"buyer_account" text NOT NULL,
	CONSTRAINT "merchant_customers_merchant_id_buyer_account_pk" PRIMARY KEY("merchant_id","buyer_account")
);
--> statement-breakpoint
CREATE TABLE "merchant_revenue_daily" (
	"merchant_id" text NOT NULL,
	"day" date NOT NULL,
	"chain_id" text NOT NULL,
	"token_caip19" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"tx_count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "merchant_revenue_daily_merchant_id_day_chain_id_token_caip19_fiat_currency_pk" PRIMARY KEY("merchant_id","day","chain_id","token_caip19","fiat_currency")
);
--> statement-breakpoint
CREATE TABLE "merchant_stats" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"total_transactions" bigint DEFAULT 0 NOT NULL,
	"total_customers" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wallet_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "token_symbol" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "token_decimals" integer;--> statement-breakpoint
ALTER TABLE "merchant_customer_days" ADD CONSTRAINT "merchant_customer_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_customers" ADD CONSTRAINT "merchant_customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_revenue_daily" ADD CONSTRAINT "merchant_revenue_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_stats" ADD CONSTRAINT "merchant_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_merchant_amount_idx" ON "payments" USING btree ("merchant_id","fiat_amount","id");--> statement-breakpoint
CREATE INDEX "payments_merchant_succeeded_idx" ON "payments" USING btree ("merchant_id","created_at") WHERE "payments"."status" = 'succeeded';