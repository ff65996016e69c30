import type { Db } from "@/db/client";
import type { ClaimedDelivery } from "./claim-due-deliveries";
import { postWebhook } from "./post-webhook";
import { recordAttempt } from "./record-attempt";
import { renderEvent } from "./render-event";
import { signWebhook } from "./sign-webhook";

export type DeliverySettings = { timeoutMs: number; allowPrivate: boolean; schedule: number[] };

/** The secrets that sign now: the current one, and each replaced one until its overlap ends. */
export function signingSecrets(endpoint: ClaimedDelivery["endpoint"], now = new Date()): string[] {
  return [endpoint.secret, ...endpoint.previousSecrets.filter((p) => p.expiresAt > now).map((p) => p.secret)];
}

/** Make one attempt of a claimed delivery: render, sign, POST (no database connection held), record. */
export async function deliverClaimed(
  db: Db,
  claimed: ClaimedDelivery,
  token: string,
  settings: DeliverySettings,
): Promise<boolean> {
  const { event, endpoint } = claimed;
  const body = JSON.stringify(renderEvent(event));
  const startedAt = new Date();
  const headers = signWebhook(event.id, body, signingSecrets(endpoint, startedAt), startedAt);
  const result = await postWebhook(endpoint.url, body, headers, settings);
  const claim = { deliveryId: claimed.deliveryId, endpointId: endpoint.id, token, attempt: claimed.attemptCount + 1 };
  return recordAttempt(db, claim, { ...result, startedAt }, settings.schedule);
}
