import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Base62 of `bytes` random bytes: URL-safe, no separators, 16 bytes = 128 bits in 22 characters. */
export function randomBase62(bytes: number): string {
  let n = BigInt(`0x${randomBytes(bytes).toString("hex")}`);
  const width = Math.ceil((bytes * 8) / Math.log2(62));
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, "0");
}

export type IdPrefix = "pay" | "mer" | "key" | "opt" | "req" | "usr";

/** Prefixed identifiers (`pay_…`) carry 128 random bits. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(16)}`;
}

export const ID_PATTERN = /^[a-z]{3}_[0-9A-Za-z]{22}$/;
