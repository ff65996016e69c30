import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, signInAttempts, users } from "@/db/schema";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password-hash";
import { createSession } from "@/lib/auth/session-create";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { signInBody } from "./credentials";

/** Failed sign-ins allowed per email, and per client address, in a sliding window. */
const SIGN_IN_LIMITS = { perEmail: 5, perIp: 30, windowMinutes: 15 } as const;

/**
 * Sign in with email and password. Too many recent failures for the email or the client address
 * answer 429 without checking the password (so guessing stops even for a right guess). An unknown
 * email costs the same scrypt time as a wrong password and gets the same answer. A hash made with
 * weaker scrypt parameters than today's is replaced once the password has matched it.
 */
export async function signIn(db: Db, input: unknown, ip: string) {
  const { email, password } = parseOrThrow(signInBody, input);
  const attemptId = await claimSignInAttempt(db, email, ip);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok) throw new ApiError("invalid_credentials", "Email or password is incorrect");
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
  const upgraded = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(password) } : {};
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()`, ...upgraded })
    .where(eq(users.id, user.id));
  // Housekeeping on the user's own rows (indexed): expired sessions, attempts older than a day.
  await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, sql`now()`)));
  await db
    .delete(signInAttempts)
    .where(and(eq(signInAttempts.email, email), lt(signInAttempts.createdAt, sql`now() - interval '1 day'`)));
  return createSession(db, user.id);
}

/**
 * Refuse the attempt when the email or the address is over its limit, else record it as failed
 * until the password proves otherwise (so an attempt still being checked counts already). Count
 * and record happen under per-email and per-address locks: parallel guesses for one account
 * cannot all read the same count and slip past the limit together. Email lock first, always, so
 * two attempts never wait on each other crosswise. The scrypt check runs after the transaction.
 */
async function claimSignInAttempt(db: Db, email: string, ip: string): Promise<number> {
  return db.transaction(async (tx) => {
    // Two-key advisory locks: a space of their own, apart from sign-up's one-key locks per address.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sign-in:email'), hashtext(${email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sign-in:ip'), hashtext(${ip}))`);
    const since = sql`now() - make_interval(mins => ${SIGN_IN_LIMITS.windowMinutes})`;
    // Failures since the window opened, and for the email only since its last success.
    const [row] = await tx
      .select({
        byEmail:
          sql<number>`count(*) filter (where ${signInAttempts.email} = ${email} and ${signInAttempts.createdAt} > coalesce((select max(created_at) from sign_in_attempts where email = ${email} and succeeded), '-infinity'))`.mapWith(
            Number,
          ),
        byIp: sql<number>`count(*) filter (where ${signInAttempts.ip} = ${ip})`.mapWith(Number),
      })
      .from(signInAttempts)
      .where(
        and(
          eq(signInAttempts.succeeded, false),
          gt(signInAttempts.createdAt, since),
          sql`(${signInAttempts.email} = ${email} or ${signInAttempts.ip} = ${ip})`,
        ),
      );
    if ((row?.byEmail ?? 0) >= SIGN_IN_LIMITS.perEmail || (row?.byIp ?? 0) >= SIGN_IN_LIMITS.perIp) {
      throw new ApiError(
        "rate_limited",
        `Too many failed sign-ins; try again in ${SIGN_IN_LIMITS.windowMinutes} minutes`,
        undefined,
        SIGN_IN_LIMITS.windowMinutes * 60,
      );
    }
    const [attempt] = await tx
      .insert(signInAttempts)
      .values({ email, ip, succeeded: false })
      .returning({ id: signInAttempts.id });
    return attempt!.id;
  });
}
