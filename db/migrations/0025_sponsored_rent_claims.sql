CREATE TABLE "sponsored_rent_claims" (
	"merchant_id" text NOT NULL,
	"token_caip19" text NOT NULL,
	"account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_rent_claims_merchant_id_token_caip19_pk" PRIMARY KEY("merchant_id","token_caip19")
);
--> statement-breakpoint
ALTER TABLE "sponsored_rent_claims" ADD CONSTRAINT "sponsored_rent_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A merchant whose token account the service funded already keeps that account as its one claim per token.
INSERT INTO "sponsored_rent_claims" ("merchant_id", "token_caip19", "account", "created_at")
SELECT DISTINCT ON (s."merchant_id", p."token_caip19") s."merchant_id", p."token_caip19", s."account", s."created_at"
FROM "sponsored_token_accounts" s JOIN "payments" p ON p."id" = s."payment_id"
WHERE p."token_caip19" IS NOT NULL
ORDER BY s."merchant_id", p."token_caip19", s."created_at"
ON CONFLICT DO NOTHING;
