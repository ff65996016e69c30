-- Keeps merchant_customer_day_gaps (see db/schema/merchant-stats.ts) in the same transaction as
-- the step into 'succeeded', like the other listing aggregates (migration 0002).

-- Add `delta` (+1 or -1) buyers to one (day, previous day) count; a count that reaches 0 goes.
CREATE OR REPLACE FUNCTION customer_day_gap_add(m text, g text, d date, prev date, chain text, token text, delta bigint) RETURNS void AS $$
BEGIN
  INSERT INTO merchant_customer_day_gaps AS x (merchant_id, grain, day, prev_day, chain_id, token_caip19, buyers)
  VALUES (m, g, d, prev, chain, token, delta)
  ON CONFLICT (merchant_id, grain, day, prev_day, chain_id, token_caip19) DO UPDATE SET buyers = x.buyers + EXCLUDED.buyers;
  IF delta < 0 THEN
    DELETE FROM merchant_customer_day_gaps
     WHERE merchant_id = m AND grain = g AND day = d AND prev_day = prev AND chain_id = chain AND token_caip19 = token AND buyers = 0;
  END IF;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A buyer pays on day d at grain g (token: per token; account: any token). Called before the
-- buyer's merchant_customer_days row for d is written. Nothing changes when the buyer already paid
-- on d at this grain; otherwise d is linked after the buyer's previous paying day and, if a later
-- paying day exists (a payment created earlier that succeeded later), that day now follows d.
CREATE OR REPLACE FUNCTION customer_day_link(m text, g text, buyer text, d date, chain text, token text) RETURNS void AS $$
DECLARE
  prev date;
  nxt date;
BEGIN
  IF EXISTS (SELECT 1 FROM merchant_customer_days c
              WHERE c.merchant_id = m AND c.buyer_account = buyer AND c.day = d AND (g = 'account' OR c.token_caip19 = token)) THEN
    RETURN;
  END IF;
  SELECT max(c.day) INTO prev FROM merchant_customer_days c
   WHERE c.merchant_id = m AND c.buyer_account = buyer AND c.day < d AND (g = 'account' OR c.token_caip19 = token);
  SELECT min(c.day) INTO nxt FROM merchant_customer_days c
   WHERE c.merchant_id = m AND c.buyer_account = buyer AND c.day > d AND (g = 'account' OR c.token_caip19 = token);
  prev := coalesce(prev, '-infinity'::date);
  PERFORM customer_day_gap_add(m, g, d, prev, chain, token, 1);
  IF nxt IS NOT NULL THEN
    PERFORM customer_day_gap_add(m, g, nxt, prev, chain, token, -1);
    PERFORM customer_day_gap_add(m, g, nxt, d, chain, token, 1);
  END IF;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_count_success() RETURNS trigger AS $$
DECLARE
  paid_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
  chain text := coalesce(NEW.chain_id, '');
  token text := coalesce(NEW.token_caip19, '');
  new_customer integer := 0;
BEGIN
  IF NEW.status <> 'succeeded' OR (TG_OP = 'UPDATE' AND OLD.status = 'succeeded') THEN
    RETURN NULL;
  END IF;

  INSERT INTO merchant_revenue_daily AS r (merchant_id, day, chain_id, token_caip19, fiat_currency, tx_count, amount_minor)
  VALUES (NEW.merchant_id, paid_day, chain, token, NEW.fiat_currency, 1, NEW.fiat_amount)
  ON CONFLICT (merchant_id, day, chain_id, token_caip19, fiat_currency)
  DO UPDATE SET tx_count = r.tx_count + 1, amount_minor = r.amount_minor + EXCLUDED.amount_minor;

  IF NEW.buyer_account IS NOT NULL THEN
    -- One buyer's successes one at a time (their days' links read each other), across instances.
    PERFORM pg_advisory_xact_lock(hashtextextended('customer_days ' || NEW.merchant_id || ' ' || NEW.buyer_account, 0));
    PERFORM customer_day_link(NEW.merchant_id, 'account', NEW.buyer_account, paid_day, chain, '');
    PERFORM customer_day_link(NEW.merchant_id, 'token', NEW.buyer_account, paid_day, chain, token);
    INSERT INTO merchant_customer_days (merchant_id, day, chain_id, token_caip19, buyer_account)
    VALUES (NEW.merchant_id, paid_day, chain, token, NEW.buyer_account)
    ON CONFLICT DO NOTHING;
    INSERT INTO merchant_customers (merchant_id, buyer_account)
    VALUES (NEW.merchant_id, NEW.buyer_account)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
      new_customer := 1;
    END IF;
  END IF;

  INSERT INTO merchant_stats AS s (merchant_id, total_transactions, total_customers)
  VALUES (NEW.merchant_id, 1, new_customer)
  ON CONFLICT (merchant_id)
  DO UPDATE SET total_transactions = s.total_transactions + 1, total_customers = s.total_customers + EXCLUDED.total_customers;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Backfill from the customer days already recorded.
INSERT INTO merchant_customer_day_gaps (merchant_id, grain, day, prev_day, chain_id, token_caip19, buyers)
SELECT merchant_id, 'account', day, prev_day, chain_id, '', count(*)
  FROM (SELECT merchant_id, day, chain_id,
               coalesce(lag(day) OVER (PARTITION BY merchant_id, buyer_account ORDER BY day), '-infinity'::date) AS prev_day
          FROM (SELECT DISTINCT merchant_id, buyer_account, day, chain_id FROM merchant_customer_days) d) x
 GROUP BY merchant_id, day, prev_day, chain_id
UNION ALL
SELECT merchant_id, 'token', day, prev_day, chain_id, token_caip19, count(*)
  FROM (SELECT merchant_id, day, chain_id, token_caip19,
               coalesce(lag(day) OVER (PARTITION BY merchant_id, buyer_account, token_caip19 ORDER BY day), '-infinity'::date) AS prev_day
          FROM merchant_customer_days) x
 GROUP BY merchant_id, day, prev_day, chain_id, token_caip19;
