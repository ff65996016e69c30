-- Long-polling readers wait on this channel instead of a timer: every status change of a payment
-- is announced (after commit) with the payment id as payload.
CREATE OR REPLACE FUNCTION payments_notify_status() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM pg_notify('payment_status', NEW.id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_notify_status
AFTER UPDATE OF status ON payments
FOR EACH ROW EXECUTE FUNCTION payments_notify_status();
