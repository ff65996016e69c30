-- A payment that goes back to pending (the network refused co-signed bytes before forwarding them)
-- announces nothing: `payment.pending` is no event of the contract, and a receiver must never learn of
-- a status a stranger can make and undo for free. Only the version-raising and event-writing triggers
-- change; the NOTIFY of long-polls (0004) still wakes waiting readers.
CREATE OR REPLACE FUNCTION payments_raise_state_version() RETURNS trigger AS $$
DECLARE
  changes integer := 0;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status <> 'pending' THEN
    changes := changes + CASE WHEN NEW.status = 'succeeded' THEN 2 ELSE 1 END;
    IF NEW.status = 'processing' AND NEW.processing_at IS NULL THEN
      NEW.processing_at := now();
    END IF;
  END IF;
  IF NEW.status = 'pending' THEN
    NEW.processing_at := NULL;
  END IF;
  IF NEW.exception IS NOT NULL AND NEW.exception IS DISTINCT FROM OLD.exception THEN
    changes := changes + 1;
  END IF;
  IF NEW.refunded_at IS NOT NULL AND OLD.refunded_at IS NULL THEN
    changes := changes + 1;
  END IF;
  NEW.state_version := OLD.state_version + changes;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_write_webhook_events() RETURNS trigger AS $$
DECLARE
  version integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_emit(NEW, 'payment.created', NEW.state_version);
    RETURN NULL;
  END IF;
  version := OLD.state_version;
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.status <> 'pending' THEN
    version := version + 1;
    PERFORM webhook_emit(NEW, 'payment.' || NEW.status, version);
    IF NEW.status = 'succeeded' THEN
      version := version + 1;
      PERFORM webhook_emit(NEW, 'payment.settled', version);
    END IF;
  END IF;
  IF NEW.exception IS NOT NULL AND NEW.exception IS DISTINCT FROM OLD.exception THEN
    version := version + 1;
    PERFORM webhook_emit(NEW, 'payment.' || NEW.exception, version);
  END IF;
  IF NEW.refunded_at IS NOT NULL AND OLD.refunded_at IS NULL THEN
    version := version + 1;
    PERFORM webhook_emit(NEW, 'payment.refunded', version);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
