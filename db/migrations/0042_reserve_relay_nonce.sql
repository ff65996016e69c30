-- The relayer's nonce row is one row every relay of the key takes its nonce from. Taken in a
-- transaction driven from the app, its lock was held across the app's round trips to the commit;
-- with many confirms at once (and a busy event loop) every relay queued behind them. As one
-- statement the lock is held only for the function and its commit, inside the server.
--
-- What lib/submissions/relayer-nonces.ts reserveRelayNonce documents: the payment's reservation
-- (a placeholder first, whose insert waits for a concurrent confirm of the same payment to commit)
-- keeps its nonce while fresh (younger than settle_secs) on the same chain and key; otherwise the
-- key's next nonce is taken and the reservation set to it. NULL: the key has no nonce row yet.
CREATE OR REPLACE FUNCTION reserve_relay_nonce(p text, chain text, key text, settle_secs double precision)
RETURNS integer AS $$
DECLARE
  held relay_nonce_reservations;
  taken integer;
BEGIN
  INSERT INTO relay_nonce_reservations (payment_id, chain_id, relayer, nonce, created_at)
  VALUES (p, chain, key, -1, '-infinity')
  ON CONFLICT DO NOTHING;
  SELECT * INTO held FROM relay_nonce_reservations WHERE payment_id = p FOR UPDATE;
  IF held.nonce >= 0 AND held.chain_id = chain AND held.relayer = key
     AND held.created_at > now() - make_interval(secs => settle_secs) THEN
    RETURN held.nonce;
  END IF;
  UPDATE relayer_nonces SET next_nonce = next_nonce + 1, updated_at = now()
   WHERE chain_id = chain AND address = key
  RETURNING next_nonce - 1 INTO taken;
  IF taken IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE relay_nonce_reservations SET chain_id = chain, relayer = key, nonce = taken, created_at = now()
   WHERE payment_id = p;
  RETURN taken;
END
$$ LANGUAGE plpgsql;
