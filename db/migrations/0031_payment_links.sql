CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint,
	"minimum_amount" bigint,
	"maximum_amount" bigint,
	"description" text NOT NULL,
	"success_url" text,
	"error_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_amount_check" CHECK (("payment_links"."amount" is not null and "payment_links"."amount" > 0 and "payment_links"."minimum_amount" is null and "payment_links"."maximum_amount" is null)
        or ("payment_links"."amount" is null and "payment_links"."minimum_amount" > 0 and "payment_links"."maximum_amount" >= "payment_links"."minimum_amount")),
	CONSTRAINT "payment_links_redirects_check" CHECK (("payment_links"."success_url" is null) = ("payment_links"."error_url" is null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_link_id" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_merchant_created_idx" ON "payment_links" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_payment_link_idx" ON "payments" USING btree ("payment_link_id","created_at","id") WHERE "payments"."payment_link_id" is not null;