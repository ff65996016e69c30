import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Every request takes a random id, so random bytes come from a pool refilled 4 KiB at a time:
// one call into the CSPRNG per ~300 ids instead of one each (it was ~2% of a status request's CPU).
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

function takeRandom(bytes: number): Buffer {
  if (bytes > POOL_SIZE) throw new RangeError(`at most ${POOL_SIZE} random bytes at a time`);
  if (offset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const taken = pool.subarray(offset, offset + bytes);
  offset += bytes;
  return taken;
}

/** Base62 of `bytes` random bytes: URL-safe, no separators, 16 bytes = 128 bits in 22 characters. */
export function randomBase62(bytes: number): string {
  return base62(takeRandom(bytes));
}

/** Base62 of the given bytes, zero-padded to the width their bit count needs. */
export function base62(bytes: Uint8Array): string {
  let n = 0n;
  for (const byte of bytes) n = (n << 8n) | BigInt(byte);
  const width = Math.ceil((bytes.length * 8) / Math.log2(62));
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(width, "0");
}

export type IdPrefix =
  | "pay"
  | "mer"
  | "key"
  | "opt"
  | "req"
  | "usr"
  | "ptn"
  | "pky"
  | "stl"
  | "whe"
  | "plink"
  | "psk"
  | "aud"
  | "ntf"
  | "inv";

/** Prefixed identifiers (`pay_…`) carry 128 random bits. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(16)}`;
}

export const ID_PATTERN = /^[a-z]{3}_[0-9A-Za-z]{22}$/;
