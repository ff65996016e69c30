import { openSecret, sealSecret } from "@/lib/secrets/seal-secret";

/** Binds a sealed secret to its endpoint: copied into another endpoint's row, it does not open. */
const context = (endpointId: string) => `webhook_endpoints:${endpointId}`;

/** A signing secret as it is stored: sealed with SECRETS_KEY, never in the clear. */
export function sealWebhookSecret(endpointId: string, secret: string): string {
  return sealSecret(secret, context(endpointId));
}

/** The signing secret a stored value holds, opened only to sign (throws SecretUnreadableError). */
export function openWebhookSecret(endpointId: string, stored: string): string {
  return openSecret(stored, context(endpointId));
}
