import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export type SecretsKey = { id: string; key: Buffer };
/** `current` seals; every key of `byId` (the current one included) opens what it sealed. */
export type SecretsKeys = { current: SecretsKey; byId: Map<string, SecretsKey> };

const KEY_BYTES = 32;
const DEFAULT_KEY_FILE = ".data/secrets.key";

/** A short public name of a key, stored with each sealed value, so opening picks the right key at once. */
function toKey(base64: string, source: string): SecretsKey {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== KEY_BYTES) throw new Error(`${source} must hold base64 of ${KEY_BYTES} bytes`);
  return { id: createHash("sha256").update("secrets-key-id:").update(key).digest("hex").slice(0, 12), key };
}

/**
 * A service others reach (PUBLIC_BASE_URL names a host other than loopback) is a deployment, whatever
 * NODE_ENV says: `npm start` does not set it before the jobs start. On loopback it is a development
 * machine, a test or a local demo.
 */
function isDeployment(): boolean {
  const { hostname } = new URL(env().PUBLIC_BASE_URL);
  return !["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

/** The generated key of a development machine: made once, readable by its owner only. */
function keyFromFile(file: string): SecretsKey {
  const path = resolve(file);
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // `wx`: when several processes start at once, one writes and the others read what it wrote.
    writeFileSync(path, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    log.warn({ file: path }, "SECRETS_KEY is not set: generated a key for this machine");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if (statSync(path).mode & 0o077) log.warn({ file: path }, "the secrets key file is readable by others: chmod 600 it");
  return toKey(readFileSync(path, "utf8"), path);
}

let cached: SecretsKeys | undefined;

/**
 * The keys that seal secrets stored in the database: SECRETS_KEY (the first seals, all open), or
 * outside a deployment a key generated into SECRETS_KEY_FILE. A deployment without SECRETS_KEY is
 * refused: its key would live in a file that a new container or machine does not have.
 */
export function secretsKeys(): SecretsKeys {
  if (cached) return cached;
  // SECRETS_KEY_FILE, when its file exists, has been read into SECRETS_KEY by lib/env.
  const { SECRETS_KEY, SECRETS_KEY_FILE } = env();
  let keys: SecretsKey[];
  if (SECRETS_KEY) keys = SECRETS_KEY.split(",").map((k) => toKey(k, "SECRETS_KEY"));
  else if (isDeployment())
    throw new Error(
      SECRETS_KEY_FILE
        ? `SECRETS_KEY_FILE names ${SECRETS_KEY_FILE}, which does not exist (required when PUBLIC_BASE_URL is not loopback)`
        : "SECRETS_KEY is required when PUBLIC_BASE_URL is not loopback: set it (or SECRETS_KEY_FILE, a file holding it) to the output of `openssl rand -base64 32`",
    );
  else keys = [keyFromFile(SECRETS_KEY_FILE ?? DEFAULT_KEY_FILE)];
  cached = { current: keys[0]!, byId: new Map(keys.map((k) => [k.id, k])) };
  return cached;
}
