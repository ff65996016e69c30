CREATE TABLE "service_fees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"kind" text NOT NULL,
	"native_amount" numeric(78, 0) NOT NULL,
	"native_symbol" text NOT NULL,
	"native_decimals" integer NOT NULL,
	"currency" text NOT NULL,
	"fiat_amount" bigint,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_fees_kind_check" CHECK ("service_fees"."kind" in ('network_fee','rent'))
);
--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_fees_tx_unique" ON "service_fees" USING btree ("chain_id","tx_hash","kind");--> statement-breakpoint
CREATE INDEX "service_fees_merchant_paid_idx" ON "service_fees" USING btree ("merchant_id","paid_at");