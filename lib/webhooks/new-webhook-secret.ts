import { randomBytes } from "node:crypto";

/** A signing secret as Standard Webhooks and Svix libraries take it: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}
