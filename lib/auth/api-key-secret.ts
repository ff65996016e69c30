import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const KEY_PREFIX = "sk_";
/** Platform partners' keys look different, so an operator can tell at a glance which kind a leaked key is. */
export const PARTNER_KEY_PREFIX = "psk_";

/** A new secret API key: 256 random bits, shown to the merchant (or partner) once. */
export function generateApiKeySecret(prefix = KEY_PREFIX): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** What is stored: the SHA-256 of the secret, hex. */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The part of a key that is safe to display to tell keys apart. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, secret.indexOf("_") + 7);
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
