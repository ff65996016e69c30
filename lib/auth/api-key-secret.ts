import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const KEY_PREFIX = "sk_";

/** A new secret API key: 256 random bits, shown to the merchant once. */
export function generateApiKeySecret(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** What is stored: the SHA-256 of the secret, hex. */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The part of a key that is safe to display to tell keys apart. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, KEY_PREFIX.length + 6);
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
