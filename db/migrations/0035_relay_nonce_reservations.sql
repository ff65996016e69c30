CREATE TABLE "relay_nonce_reservations" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"chain_id" text NOT NULL,
	"relayer" text NOT NULL,
	"nonce" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relay_nonce_reservations" ADD CONSTRAINT "relay_nonce_reservations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "relay_nonce_reservations_relayer_idx" ON "relay_nonce_reservations" USING btree ("chain_id","relayer","nonce");