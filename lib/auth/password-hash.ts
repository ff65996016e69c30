import { randomBytes, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { withHashSlot } from "./hash-slots";
import { scryptOnLowPriorityThread } from "./scrypt-thread";

type ScryptParams = { N: number; r: number; p: number };

// The OWASP Password Storage Cheat Sheet's recommendation for scrypt: N=2^17, r=8, p=1 (128 MiB, and
// about half a second per hash on one core of our 2-core test machine). Hashes made with the earlier N=2^15 keep verifying with the
// parameters stored beside them, and are upgraded at the user's next sign-in.
const PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// Parameters read back from a stored hash are bounded, so a corrupt row cannot ask for gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/**
 * Every hash of the process goes through here: through the hash slots (503 `server_busy` when they
 * are full), on a thread of the lowest CPU priority.
 */
function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; Node refuses anything above `maxmem` (32 MiB by default,
  // too little for N=2^17), so it is raised to twice the need.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return withHashSlot(() =>
    scryptOnLowPriorityThread({ password: password.normalize("NFKC"), salt, keyLength: KEY_LENGTH, options }),
  );
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` matches `stored`, with the parameters stored in it, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params);
  return parsed.hash.length === actual.length && timingSafeEqual(parsed.hash, actual);
}

/** A well-formed hash made with weaker parameters than today's: worth replacing once the password is known. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    parsed !== undefined && (parsed.params.N < PARAMS.N || parsed.params.r < PARAMS.r || parsed.params.p < PARAMS.p)
  );
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return undefined;
  // N must be a power of two above 1 (Node throws otherwise).
  if (params.N < 2 || params.N > MAX_N || (params.N & (params.N - 1)) !== 0 || params.r > MAX_R || params.p > MAX_P)
    return undefined;
  return { params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

/** A hash of nothing with today's parameters, to spend the same time on an unknown email as on a wrong password. */
export const DUMMY_PASSWORD_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
