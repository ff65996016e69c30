import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes like "k7mq2-x9tfa": 50 bits each, no look-alike characters, shown once at enrolment. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored and compared: the code as typed in any case, with or without its dash, hashed. */
export function hashRecoveryCode(code: string): string {
  const normal = code.trim().toLowerCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(normal).digest("hex");
}
