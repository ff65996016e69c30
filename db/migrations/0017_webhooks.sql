CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"url" text NOT NULL,
	"events" text[],
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "webhook_endpoints_disabled_check" CHECK (("webhook_endpoints"."disabled_at" is null) = ("webhook_endpoints"."disabled_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"payment_id" text,
	"type" text NOT NULL,
	"state_version" integer NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY DEFAULT 'whd_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"event_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"schedule_step" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"claim_token" text,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending','succeeded','failed')),
	CONSTRAINT "webhook_deliveries_due_check" CHECK (("webhook_deliveries"."status" = 'pending') = ("webhook_deliveries"."next_attempt_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"response_body" text
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "state_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "processing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_merchant_idx" ON "webhook_endpoints" USING btree ("merchant_id") WHERE "webhook_endpoints"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_events_payment_idx" ON "webhook_events" USING btree ("payment_id","state_version") WHERE "webhook_events"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_unique" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempt");
--> statement-breakpoint
-- Webhooks' outbox. Every change a payment event announces (creation, a status, an exception, a refund)
-- raises the payment's state_version and writes the event, with one delivery per endpoint that wants
-- it, in the same statement as the change: no writer can forget it, and a rolled-back change leaves no
-- event. The snapshot names every field the payload needs, amounts as text (they exceed 2^53).
CREATE OR REPLACE FUNCTION webhook_payment_snapshot(p payments) RETURNS jsonb AS $$
  SELECT jsonb_build_object(
    'id', p.id, 'merchant_id', p.merchant_id, 'reference_id', p.reference_id,
    'fiat_currency', p.fiat_currency, 'fiat_amount', p.fiat_amount::text, 'status', p.status,
    'created_at', p.created_at, 'expires_at', p.expires_at, 'processing_at', p.processing_at,
    'finalized_at', p.finalized_at, 'failure_reason', p.failure_reason, 'buyer_account', p.buyer_account, 'chain_id', p.chain_id,
    'token_caip19', p.token_caip19, 'token_amount', p.token_amount::text, 'tx_hash', p.tx_hash,
    'exception', p.exception, 'received_amount', p.received_amount::text, 'cancel_reason', p.cancel_reason,
    'resolved_at', p.resolved_at, 'refunded_at', p.refunded_at, 'refund_tx_hash', p.refund_tx_hash)
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION webhook_emit(p payments, event_type text, version integer) RETURNS void AS $$
DECLARE
  event_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
BEGIN
  INSERT INTO webhook_events (id, merchant_id, payment_id, type, state_version, live, snapshot)
  VALUES (event_id, p.merchant_id, p.id, event_type, version, true, webhook_payment_snapshot(p));
  INSERT INTO webhook_deliveries (event_id, endpoint_id)
  SELECT event_id, e.id FROM webhook_endpoints e
  WHERE e.merchant_id = p.merchant_id AND e.deleted_at IS NULL AND e.disabled_at IS NULL
    AND (e.events IS NULL OR event_type = ANY (e.events));
  IF FOUND THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Before the row is written: how many events this change makes (a success is followed at once by
-- payment.settled, since funds go straight to the merchant), and when the buyer committed.
CREATE OR REPLACE FUNCTION payments_raise_state_version() RETURNS trigger AS $$
DECLARE
  changes integer := 0;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    changes := changes + CASE WHEN NEW.status = 'succeeded' THEN 2 ELSE 1 END;
    IF NEW.status = 'processing' AND NEW.processing_at IS NULL THEN
      NEW.processing_at := now();
    END IF;
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
CREATE TRIGGER payments_raise_state_version
BEFORE UPDATE OF status, exception, refunded_at ON payments
FOR EACH ROW EXECUTE FUNCTION payments_raise_state_version();
--> statement-breakpoint
-- After it is written: the events, numbered in the order the version was raised above.
CREATE OR REPLACE FUNCTION payments_write_webhook_events() RETURNS trigger AS $$
DECLARE
  version integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_emit(NEW, 'payment.created', NEW.state_version);
    RETURN NULL;
  END IF;
  version := OLD.state_version;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
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
--> statement-breakpoint
CREATE TRIGGER payments_write_webhook_events_insert
AFTER INSERT ON payments
FOR EACH ROW EXECUTE FUNCTION payments_write_webhook_events();
--> statement-breakpoint
CREATE TRIGGER payments_write_webhook_events_update
AFTER UPDATE OF status, exception, refunded_at ON payments
FOR EACH ROW EXECUTE FUNCTION payments_write_webhook_events();
