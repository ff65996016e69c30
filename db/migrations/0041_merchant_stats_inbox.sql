CREATE TABLE "merchant_stats_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_stats_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"day" date NOT NULL,
	"chain_id" text NOT NULL,
	"token_caip19" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"fiat_amount" bigint NOT NULL,
	"buyer_account" text
);
--> statement-breakpoint
CREATE INDEX "merchant_stats_inbox_merchant_idx" ON "merchant_stats_inbox" USING btree ("merchant_id","id");--> statement-breakpoint
-- The step into 'succeeded' only appends to the inbox (see db/schema/merchant-stats.ts); what the
-- trigger of 0002/0007 did in place is now fold_merchant_stats's, for many successes at once.
CREATE OR REPLACE FUNCTION payments_count_success() RETURNS trigger AS $$
BEGIN
  IF NEW.status <> 'succeeded' OR (TG_OP = 'UPDATE' AND OLD.status = 'succeeded') THEN
    RETURN NULL;
  END IF;
  INSERT INTO merchant_stats_inbox (merchant_id, payment_id, day, chain_id, token_caip19, fiat_currency, fiat_amount, buyer_account)
  VALUES (NEW.merchant_id, NEW.id, (NEW.created_at AT TIME ZONE 'UTC')::date, coalesce(NEW.chain_id, ''),
          coalesce(NEW.token_caip19, ''), NEW.fiat_currency, NEW.fiat_amount, NEW.buyer_account);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Move merchant m's inbox into the aggregates, in the order the successes happened; returns how
-- many. One folder per merchant at a time: `wait` (a reader, which must see every committed
-- success) waits for another folder; the background job passes false and skips a merchant being
-- folded. Run it as a statement of its own: the aggregate rows stay locked until it commits.
CREATE OR REPLACE FUNCTION fold_merchant_stats(m text, wait boolean) RETURNS integer AS $$
DECLARE
  r merchant_stats_inbox;
  n integer := 0;
  new_customers integer := 0;
BEGIN
  IF wait THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('merchant_stats ' || m, 0));
  ELSIF NOT pg_try_advisory_xact_lock(hashtextextended('merchant_stats ' || m, 0)) THEN
    RETURN 0;
  END IF;
  FOR r IN
    WITH taken AS (DELETE FROM merchant_stats_inbox i WHERE i.merchant_id = m RETURNING i.*)
    SELECT * FROM taken ORDER BY id
  LOOP
    INSERT INTO merchant_revenue_daily AS d (merchant_id, day, chain_id, token_caip19, fiat_currency, tx_count, amount_minor)
    VALUES (m, r.day, r.chain_id, r.token_caip19, r.fiat_currency, 1, r.fiat_amount)
    ON CONFLICT (merchant_id, day, chain_id, token_caip19, fiat_currency)
    DO UPDATE SET tx_count = d.tx_count + 1, amount_minor = d.amount_minor + EXCLUDED.amount_minor;
    IF r.buyer_account IS NOT NULL THEN
      PERFORM customer_day_link(m, 'account', r.buyer_account, r.day, r.chain_id, '');
      PERFORM customer_day_link(m, 'token', r.buyer_account, r.day, r.chain_id, r.token_caip19);
      INSERT INTO merchant_customer_days (merchant_id, day, chain_id, token_caip19, buyer_account)
      VALUES (m, r.day, r.chain_id, r.token_caip19, r.buyer_account)
      ON CONFLICT DO NOTHING;
      INSERT INTO merchant_customers (merchant_id, buyer_account) VALUES (m, r.buyer_account) ON CONFLICT DO NOTHING;
      IF FOUND THEN
        new_customers := new_customers + 1;
      END IF;
    END IF;
    n := n + 1;
  END LOOP;
  IF n > 0 THEN
    INSERT INTO merchant_stats AS s (merchant_id, total_transactions, total_customers)
    VALUES (m, n, new_customers)
    ON CONFLICT (merchant_id)
    DO UPDATE SET total_transactions = s.total_transactions + EXCLUDED.total_transactions,
                  total_customers = s.total_customers + EXCLUDED.total_customers;
  END IF;
  RETURN n;
END
$$ LANGUAGE plpgsql;
