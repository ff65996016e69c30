import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { recoveryCodes, signInChallenges, users } from "@/db/schema";
import { createSession, hashSessionToken } from "@/lib/auth/session-create";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { rateLimiter } from "@/lib/http/assert-within-rate-limit";
import { openSecret } from "@/lib/secrets/seal-secret";
import { totpContext } from "./enrol-totp";
import { hashRecoveryCode } from "./recovery-codes";
import { checkTotp } from "./totp";

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const TRIES_PER_CHALLENGE = 5;

/** A right password of a user with two-factor sign-in: a challenge the browser answers with a code. */
export async function createSignInChallenge(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now()`));
  await db
    .insert(signInChallenges)
    .values({ tokenHash: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return token;
}

const body = z.object({
  challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a sign-in challenge"),
  code: z.string().trim().min(6, "is required").max(20),
});

const refused = () =>
  new ApiError("invalid_credentials", "That code is not right", {
    issues: [{ field: "code", message: "is not right" }],
  });

/**
 * The second step of a sign-in: a current authenticator code (never one accepted before) or an unused
 * recovery code (spent by this use). A challenge takes a few tries within five minutes, and each user's
 * failures are counted across challenges (429 beyond), so knowing the password does not let anyone
 * try codes without end. Then the session starts, and the challenge is gone.
 */
export async function completeSecondFactor(db: Db, input: unknown) {
  const { challenge, code } = parseOrThrow(body, input);
  const [pending] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, hashSessionToken(challenge)),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, TRIES_PER_CHALLENGE),
      ),
    )
    .returning({ userId: signInChallenges.userId });
  if (!pending) throw new ApiError("invalid_state", "This sign-in expired or took too many tries; sign in again");
  const limits = await rateLimiter();
  await limits.consume("second_factor_user", pending.userId);

  const [user] = await db
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, pending.userId));
  if (!user?.secret || !user.enabledAt || user.disabledAt) throw refused();
  if (
    !(await acceptTotp(db, { userId: pending.userId, sealed: user.secret, code })) &&
    !(await spendRecoveryCode(db, pending.userId, code))
  ) {
    throw refused();
  }
  await limits.reset("second_factor_user", pending.userId);
  await db.delete(signInChallenges).where(eq(signInChallenges.tokenHash, hashSessionToken(challenge)));
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, pending.userId));
  return createSession(db, pending.userId);
}

/** A right code, recorded as the last step used in the same statement that checks it was newer (no replay, even in a race). */
async function acceptTotp(
  db: Db,
  { userId, sealed, code }: { userId: string; sealed: string; code: string },
): Promise<boolean> {
  const [row] = await db.select({ lastStep: users.totpLastStep }).from(users).where(eq(users.id, userId));
  const checked = await checkTotp(openSecret(sealed, totpContext(userId)), code, row?.lastStep ?? null);
  if (!checked.ok) return false;
  const taken = await db
    .update(users)
    .set({ totpLastStep: checked.step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, checked.step))))
    .returning({ id: users.id });
  return taken.length > 0;
}

async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return spent.length > 0;
}
