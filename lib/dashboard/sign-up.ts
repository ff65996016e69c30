import { z } from "zod";
import type { Db } from "@/db/client";
import { hashPassword } from "@/lib/auth/password-hash";
import { assertHashSlotsOpen, isServerBusy } from "@/lib/auth/hash-slots";
import { createSession } from "@/lib/auth/session-create";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { rateLimiter } from "@/lib/http/assert-within-rate-limit";
import { insertMerchant } from "@/lib/merchants/create-merchant";
import { isCurrencyCode } from "@/lib/money/iso4217";
import { insertUser } from "./create-user";
import { emailSchema, newPasswordSchema } from "./credentials";

export const signUpBody = z.object({
  businessName: z.string().trim().min(1, "is required").max(200, "must be at most 200 characters"),
  email: emailSchema,
  password: newPasswordSchema,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, "must be an ISO 4217 currency code, e.g. USD")
    .default("USD"),
});

/**
 * Sign up: a new merchant and its first user in one transaction, then a session for that user.
 * Only with SIGN_UP=open: otherwise `sign_up_closed` (403) before anything is read or counted.
 * At most SIGN_UPS_PER_HOUR attempts per client network (an IPv6 address by its /64): `rate_limited`
 * (429) beyond, creating nothing. Attempts count whether or not they succeed: each costs a password
 * hash, and a taken email answers differently (which would let a caller probe for registered
 * addresses). The hash waits for a slot like a sign-in's (503 `server_busy` when the queue is full,
 * and the attempt is given back), before the transaction: none holds a connection through scrypt.
 */
export async function signUp(db: Db, input: unknown, network: string) {
  if (env().SIGN_UP !== "open")
    throw new ApiError("sign_up_closed", "Sign-up is closed on this service; ask its operator for an account");
  const body = parseOrThrow(signUpBody, input);
  assertHashSlotsOpen();
  const limits = await rateLimiter();
  await limits.consume("sign_ups", network);
  const passwordHash = await hashPassword(body.password).catch(async (err: unknown) => {
    if (isServerBusy(err)) await limits.refund("sign_ups", network);
    throw err;
  });
  const userId = await db.transaction(async (tx) => {
    const merchantId = await insertMerchant(tx, { name: body.businessName, currency: body.currency });
    return insertUser(tx, { merchantId, email: body.email, passwordHash });
  });
  return createSession(db, userId);
}
