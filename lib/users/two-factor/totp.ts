import { generateSecret, generateURI, verify } from "otplib";

/** Codes from one step before or after now are accepted: a phone's clock a little off, a code typed slowly. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app scans, naming the service and the user. */
export function totpUri(secret: string, email: string, issuer: string): string {
  return generateURI({ issuer, label: email, secret });
}

/**
 * Whether `code` is the secret's code now (within the tolerance) and newer than the last one accepted
 * (`lastStep`): a code seen once, on the wire or over a shoulder, never signs in again. The step to
 * record when it is accepted.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<{ ok: true; step: number } | { ok: false }> {
  if (!/^\d{6}$/.test(code)) return { ok: false };
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid || !("timeStep" in result)) return { ok: false };
  // The step of the code that matched (now, or one step either side).
  const step = result.timeStep;
  if (lastStep !== null && step <= lastStep) return { ok: false };
  return { ok: true, step };
}
