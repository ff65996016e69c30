-- Listing statistics, kept in the same transaction as the payment change that earns them.
-- Only the step into 'succeeded' counts; succeeded is terminal, so the aggregates only grow.
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
CREATE TRIGGER payments_count_success
AFTER INSERT OR UPDATE OF status ON payments
FOR EACH ROW EXECUTE FUNCTION payments_count_success();
