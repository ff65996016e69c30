CREATE TABLE "merchant_customer_day_gaps" (
	"merchant_id" text NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"chain_id" text NOT NULL,
	"token_caip19" text NOT NULL,
	"buyers" bigint NOT NULL,
	CONSTRAINT "merchant_customer_day_gaps_merchant_id_grain_day_prev_day_chain_id_token_caip19_pk" PRIMARY KEY("merchant_id","grain","day","prev_day","chain_id","token_caip19")
);
--> statement-breakpoint
ALTER TABLE "merchant_customer_day_gaps" ADD CONSTRAINT "merchant_customer_day_gaps_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_customer_days_buyer_idx" ON "merchant_customer_days" USING btree ("merchant_id","buyer_account","day");