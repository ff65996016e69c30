import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passkeys, sessions, users } from "@/db/schema";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password-hash";
import { assertHashSlotsOpen, isServerBusy } from "@/lib/auth/hash-slots";
import { createSession } from "@/lib/auth/session-create";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { rateLimiter } from "@/lib/http/assert-within-rate-limit";
import type { RateLimitBucket } from "@/lib/http/create-rate-limiter";
import { log } from "@/lib/log";
import { signInBody } from "./credentials";
import { createSignInChallenge } from "@/lib/users/two-factor/second-factor";

/**
 * Sign in with email and password, from `network` (the client's address, an IPv6 one by its /64).
 * Before the password is checked, the attempt counts against three budgets (429 beyond each, the
 * password unchecked, so guessing stops even for a right guess): every sign-in of the service per
 * minute (SIGN_INS_PER_MINUTE), failures from the network, and failures for this email from this
 * network. None counts failures per email alone: a stranger's guesses then slow the stranger down
 * and never lock the owner out. The check waits for a hash slot: with the queue full, 503
 * `server_busy` before anything is counted or read. What an attempt counted is given back when it
 * is refused for another reason than its own budget (so one network's flood spends none of the
 * service's budget, and a sign-in the slots refused costs its owner nothing); a right password
 * forgets the pair's failures and gives the network's attempt back. An unknown email costs the same
 * scrypt time as a wrong password and gets the same answer. A hash made with weaker parameters
 * than today's is replaced once the password has matched it.
 */
export async function signIn(db: Db, input: unknown, network: string) {
  const { email, password } = parseOrThrow(signInBody, input);
  assertHashSlotsOpen();
  const limits = await rateLimiter();
  // Hashed: an email may be 254 characters, more than the counters' key column takes.
  const pair = createHash("sha256").update(`${email}\n${network}`).digest("hex");
  // What this instance already knows is over refuses at once, without a query or a count.
  limits.assertOpen("sign_ins", "all");
  limits.assertOpen("sign_in_network", network);
  limits.assertOpen("sign_in_pair", pair);
  const counted: [RateLimitBucket, string][] = [];
  const count = async (bucket: RateLimitBucket, client: string) => {
    await limits.consume(bucket, client);
    counted.push([bucket, client]);
  };
  const giveBack = () => Promise.all(counted.map(([bucket, client]) => limits.refund(bucket, client)));
  let user: { id: string; passwordHash: string; disabledAt: Date | null; totpEnabledAt: Date | null } | undefined;
  let ok: boolean;
  try {
    await count("sign_ins", "all");
    await count("sign_in_network", network);
    await count("sign_in_pair", pair);
    [user] = await db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        disabledAt: users.disabledAt,
        totpEnabledAt: users.totpEnabledAt,
      })
      .from(users)
      .where(eq(users.email, email));
    ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  } catch (err) {
    if (isServerBusy(err) || (err instanceof ApiError && err.code === "rate_limited")) await giveBack();
    throw err;
  }
  // A disabled user gets the answer of a wrong password, after the same scrypt time: nothing tells them apart.
  if (!user || !ok || user.disabledAt) throw new ApiError("invalid_credentials", "Email or password is incorrect");
  await Promise.all([limits.reset("sign_in_pair", pair), limits.refund("sign_in_network", network)]);
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()`, ...(await upgradedHash(user.passwordHash, password)) })
    .where(eq(users.id, user.id));
  // Housekeeping on the user's own rows (indexed): expired sessions.
  await db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, sql`now()`)));
  // With two-factor sign-in on, the right password earns a challenge, not a session; the user's
  // passkeys may answer it too. Passkeys alone do not ask for one: they sign in by themselves.
  if (user.totpEnabledAt) {
    const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, user.id)).limit(1);
    return { challenge: await createSignInChallenge(db, user.id), passkey: Boolean(passkey) };
  }
  return { session: await createSession(db, user.id) };
}

/** A stronger hash of the password when the stored one is weak; none when the hash slots are busy (next time, then). */
async function upgradedHash(stored: string, password: string): Promise<{ passwordHash?: string }> {
  if (!needsRehash(stored)) return {};
  try {
    return { passwordHash: await hashPassword(password) };
  } catch (err) {
    if (!isServerBusy(err)) throw err;
    log.info("password hash upgrade put off: hash slots busy");
    return {};
  }
}
