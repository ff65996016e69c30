import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Inside the data folder, next to PostgreSQL's own files (it ignores files it does not know).
const PASSWORD_FILE = "payment-service.password";

/** The embedded server's password file in `dataDir` (absolute). */
export function passwordFile(dataDir: string): string {
  return join(dataDir, PASSWORD_FILE);
}

/**
 * The password of the embedded server whose data is in `dataDir`, or undefined when the folder has
 * none (not initialised yet, or made by a version that used postgres/postgres). A file others may
 * read is narrowed to 0600 first: the password is the only thing that keeps other local users out.
 */
export function readEmbeddedPassword(dataDir: string): string | undefined {
  const file = passwordFile(dataDir);
  if (!existsSync(file)) return undefined;
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const password = readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(password)) throw new Error(`${file} does not hold a password this app wrote`);
  return password;
}

/** A new random password: hex, so that it is safe in a URL and in the ALTER ROLE statement that sets it. */
export function newEmbeddedPassword(): string {
  return randomBytes(32).toString("hex");
}

/** Write `password` to `dataDir` with mode 0600, atomically (a reader sees the old file or the new one). */
export function writeEmbeddedPassword(dataDir: string, password: string): string {
  const file = passwordFile(dataDir);
  const pending = `${file}.${process.pid}.tmp`;
  writeFileSync(pending, `${password}\n`, { mode: 0o600, flag: "wx" });
  renameSync(pending, file);
  return password;
}
