import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretsKeys } from "./secrets-keys";

const PREFIX = "sealed:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret that cannot be opened: sealed with a key no longer in SECRETS_KEY, or altered. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`stored secret cannot be read: ${reason}`);
    this.name = "SecretUnreadableError";
  }
}

/**
 * Seal a secret for the database with AES-256-GCM under the current SECRETS_KEY:
 * `sealed:v1:<key id>:<base64url of iv, tag, ciphertext>`. `context` (e.g. the row it belongs to) is
 * authenticated too, so a sealed value copied into another row does not open there.
 */
export function sealSecret(plain: string, context: string): string {
  const { current } = secretsKeys();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${current.id}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/**
 * The secret a sealed value holds, checked against its tag and `context`. A value that was never
 * sealed (rows written before secrets were encrypted) is returned as it is, until it is sealed.
 */
export function openSecret(stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const [keyId, blob] = stored.slice(PREFIX.length).split(":");
  const key = secretsKeys().byId.get(keyId ?? "");
  if (!key || !blob) throw new SecretUnreadableError(`sealed with key ${keyId}, which SECRETS_KEY does not hold`);
  const bytes = Buffer.from(blob, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadableError("it was altered, or belongs to another row");
  }
}

/** Whether a stored value is sealed at all (under any key); else it is plaintext from before sealing. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** How every value sealed under the current key begins (a value that does not is plaintext or under an older key). */
export function currentSealPrefix(): string {
  return `${PREFIX}${secretsKeys().current.id}:`;
}
