import { Webhook } from "standardwebhooks";

/**
 * The signature headers of one attempt, under both names receivers know: Standard Webhooks'
 * `webhook-*` and Svix's `svix-*`. Each secret in force (the current one and, for a day after a
 * rotation, the previous one) adds a `v1,<base64>` entry, so a receiver holding either verifies.
 */
export function signWebhook({
  eventId,
  body,
  secrets,
  now = new Date(),
}: {
  eventId: string;
  body: string;
  secrets: string[];
  now?: Date;
}): Record<string, string> {
  const signature = secrets.map((secret) => new Webhook(secret).sign(eventId, now, body)).join(" ");
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    "webhook-id": eventId,
    "webhook-timestamp": timestamp,
    "webhook-signature": signature,
    "svix-id": eventId,
    "svix-timestamp": timestamp,
    "svix-signature": signature,
  };
}
