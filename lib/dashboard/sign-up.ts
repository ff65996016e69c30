import { and, count, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { signUpAttempts } from "@/db/schema";
import { createSession } from "@/lib/auth/session-create";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { insertMerchant } from "@/lib/merchants/create-merchant";
import { isCurrencyCode } from "@/lib/money/iso4217";
import { createUser } from "./create-user";
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

const SIGN_UP_WINDOW_SECONDS = 3600;

/**
 * Sign up: a new merchant and its first user in one transaction, then a session for that user.
 * Only with SIGN_UP=open: otherwise `sign_up_closed` (403) before anything is read or counted.
 * At most SIGN_UPS_PER_HOUR attempts per client address: `rate_limited` (429) beyond, creating nothing.
 */
export async function signUp(db: Db, input: unknown, ip: string) {
  if (env().SIGN_UP !== "open")
    throw new ApiError("sign_up_closed", "Sign-up is closed on this service; ask its operator for an account");
  const body = parseOrThrow(signUpBody, input);
  await claimSignUpAttempt(db, ip);
  const userId = await db.transaction(async (tx) => {
    const merchantId = await insertMerchant(tx, { name: body.businessName, currency: body.currency });
    return createUser(tx, merchantId, body.email, body.password);
  });
  return createSession(db, userId);
}

/**
 * Count this attempt against the client address, or refuse it. Attempts count whether or not they
 * succeed: each costs a password hash, and a taken email answers differently (which would let a
 * caller probe for registered addresses). Serialised per address, so parallel requests cannot
 * slip past the count.
 */
async function claimSignUpAttempt(db: Db, ip: string): Promise<void> {
  const limit = env().SIGN_UPS_PER_HOUR;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-up:${ip}`}))`);
    const windowStart = sql`now() - make_interval(secs => ${SIGN_UP_WINDOW_SECONDS})`;
    await tx.delete(signUpAttempts).where(and(eq(signUpAttempts.ip, ip), lt(signUpAttempts.createdAt, windowStart)));
    const [row] = await tx.select({ n: count() }).from(signUpAttempts).where(eq(signUpAttempts.ip, ip));
    if ((row?.n ?? 0) >= limit)
      throw new ApiError(
        "rate_limited",
        "Too many sign-ups from this address; try again in an hour",
        undefined,
        SIGN_UP_WINDOW_SECONDS,
      );
    await tx.insert(signUpAttempts).values({ ip });
  });
}
