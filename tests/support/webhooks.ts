import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { api, type TestMerchant } from "./api";
import type { ReceivedWebhook } from "./webhook-receiver";

export type WebhookEvent = {
  id: string;
  type: string;
  api_version: string;
  created_at: string;
  data: { payment_id: string; payment_state_version: number; status: string; live: boolean } & Record<string, unknown>;
};

/** Register an endpoint as a merchant does, over the API; returns its id and secret (shown this once). */
export async function registerEndpoint(
  merchant: TestMerchant,
  url: string,
  events: string[] | null = null,
): Promise<{ id: string; secret: string }> {
  const res = await api("/v1/webhook-endpoints", {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(events ? { url, events } : { url }),
  });
  if (res.status !== 201) throw new Error(`registering ${url} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; secret: string };
}

const header = (r: ReceivedWebhook, name: string) => String(r.headers[name] ?? "");

/**
 * Verify a received webhook as merchants' receivers do, with both libraries unchanged: the
 * `standardwebhooks` one on the `webhook-*` headers and `svix` on the `svix-*` twins. Throws when
 * either refuses; returns the parsed event.
 */
export function verifyWithBoth(received: ReceivedWebhook, secret: string): WebhookEvent {
  new StandardWebhook(secret).verify(received.body, {
    "webhook-id": header(received, "webhook-id"),
    "webhook-timestamp": header(received, "webhook-timestamp"),
    "webhook-signature": header(received, "webhook-signature"),
  });
  new SvixWebhook(secret).verify(received.body, {
    "svix-id": header(received, "svix-id"),
    "svix-timestamp": header(received, "svix-timestamp"),
    "svix-signature": header(received, "svix-signature"),
  });
  return JSON.parse(received.body) as WebhookEvent;
}

/** The events of one payment, deduplicated by id and ordered by state version, as a careful receiver keeps them. */
export function eventsOf(events: WebhookEvent[], paymentId: string): WebhookEvent[] {
  const byId = new Map(events.filter((e) => e.data.payment_id === paymentId).map((e) => [e.id, e]));
  return [...byId.values()].sort((a, b) => a.data.payment_state_version - b.data.payment_state_version);
}
