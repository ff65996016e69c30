import type { Db } from "@/db/client";
import { log } from "@/lib/log";
import { SecretUnreadableError } from "@/lib/secrets/seal-secret";
import type { ClaimedDelivery } from "./claim-due-deliveries";
import { handBackAttempt } from "./hand-back-attempt";
import { postWebhook, type PostResult } from "./post-webhook";
import { recordAttempt, type AttemptClaim, type AttemptOutcome, type RecordSettings } from "./record-attempt";
import { renderEvent } from "./render-event";
import { openWebhookSecret } from "./seal-webhook-secret";
import { signWebhook } from "./sign-webhook";

export type DeliverySettings = RecordSettings & { timeoutMs: number; minTimeoutMs: number; allowPrivate: boolean };

// Every 8th attempt of a streak of timeouts waits the full timeout: an endpoint that is only slow recovers.
const PROBE_EVERY = 8;

/**
 * How long an attempt waits for its answer: WEBHOOK_TIMEOUT_MS, halved for each attempt in a row that
 * timed out (down to `minTimeoutMs`), so an endpoint that never answers holds a worker slot ever more
 * briefly, while one that answers again at once gets the full time back.
 */
export function attemptTimeout(timeoutsInARow: number, settings: { timeoutMs: number; minTimeoutMs: number }): number {
  if (timeoutsInARow === 0 || timeoutsInARow % PROBE_EVERY === 0) return settings.timeoutMs;
  const shortened = Math.floor(settings.timeoutMs / 2 ** Math.min(timeoutsInARow, 30));
  return Math.min(settings.timeoutMs, Math.max(settings.minTimeoutMs, shortened));
}

/** The secrets that sign now, opened: the current one, and each replaced one until its overlap ends. */
export function signingSecrets(endpoint: ClaimedDelivery["endpoint"], now = new Date()): string[] {
  const sealed = [endpoint.secret, ...endpoint.previousSecrets.filter((p) => p.expiresAt > now).map((p) => p.secret)];
  return sealed.map((s) => openWebhookSecret(endpoint.id, s));
}

/**
 * Make one attempt of a claimed delivery: render, sign, POST (no database connection held), record.
 * When the full result cannot be written, the attempt is written without the answer's body; when
 * nothing can be written, the claim lapses and the delivery goes on with its schedule regardless.
 * When `cut` aborts (a shutdown's grace running out) before the receiver answered, the attempt is
 * handed back for another instance to make at once.
 */
export async function deliverClaimed(
  db: Db,
  {
    claimed,
    token,
    settings,
    cut,
  }: { claimed: ClaimedDelivery; token: string; settings: DeliverySettings; cut?: AbortSignal },
): Promise<boolean> {
  const { event, endpoint } = claimed;
  const startedAt = new Date();
  const claim: AttemptClaim = {
    deliveryId: claimed.deliveryId,
    endpointId: endpoint.id,
    token,
    attempt: claimed.attempt,
  };
  let secrets: string[];
  try {
    secrets = signingSecrets(endpoint, startedAt);
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    log.error(
      { job: "webhooks", endpointId: endpoint.id, err },
      "webhook secret cannot be opened: is SECRETS_KEY complete?",
    );
    const unsigned: PostResult = { statusCode: null, error: err.message, body: "", durationMs: 0 };
    return recordAttempt(db, { claim, outcome: { ...unsigned, startedAt }, settings });
  }
  const body = JSON.stringify(renderEvent(event));
  const headers = signWebhook({ eventId: event.id, body, secrets, now: startedAt });
  const timeoutMs = attemptTimeout(endpoint.timeoutsInARow, settings);
  const result = await postWebhook(endpoint.url, {
    body,
    headers,
    timeoutMs,
    allowPrivate: settings.allowPrivate,
    cut,
  });
  const outcome: AttemptOutcome = { ...result, startedAt };
  if (result.cut) {
    await handBackAttempt(db, claim, outcome);
    log.warn(
      { job: "webhooks", deliveryId: claim.deliveryId },
      "shutting down mid-attempt: the delivery is handed back",
    );
    return false;
  }
  try {
    return await recordAttempt(db, { claim, outcome, settings });
  } catch (err) {
    log.warn(
      { job: "webhooks", err, deliveryId: claim.deliveryId },
      "webhook attempt not recorded; recording it without the answer",
    );
    const error = outcome.error === null ? null : outcome.error.replace(/[^\x20-\x7e]/g, "?");
    return recordAttempt(db, {
      claim,
      outcome: { ...outcome, error, body: "[the answer could not be stored]" },
      settings,
    });
  }
}
