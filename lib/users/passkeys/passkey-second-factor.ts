import { generateAuthenticationOptions } from "@simplewebauthn/server";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passkeys, signInChallenges, users } from "@/db/schema";
import { createSession, hashSessionToken } from "@/lib/auth/session-create";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { rateLimiter } from "@/lib/http/assert-within-rate-limit";
import { PASSKEY_CHALLENGE_TTL_MS, storePasskeyChallenge, takePasskeyChallenge } from "./passkey-challenges";
import { relyingParty } from "./relying-party";
import { passkeyRefused, verifyPasskeyAssertion } from "./verify-passkey-assertion";
import { authenticationResponse, challengeOf } from "./webauthn-json";

const TRIES_PER_CHALLENGE = 5;
const signInChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a sign-in challenge");
const expired = () => new ApiError("invalid_state", "This sign-in expired or took too many tries; sign in again");

/**
 * Options to answer a password sign-in's second-factor challenge with a passkey: the user's own
 * passkeys only, and a WebAuthn challenge bound to that sign-in challenge (spent with it).
 */
export async function startPasskeySecondFactor(db: Db, input: unknown) {
  const { challenge } = parseOrThrow(z.object({ challenge: signInChallenge }), input);
  const tokenHash = hashSessionToken(challenge);
  const [pending] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, TRIES_PER_CHALLENGE),
      ),
    );
  if (!pending) throw expired();
  const rp = relyingParty();
  const owned = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.userId, pending.userId), eq(passkeys.rpId, rp.id)));
  if (owned.length === 0) throw new ApiError("invalid_state", "This account has no passkey; use a code");
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: owned.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  await storePasskeyChallenge(db, {
    challenge: options.challenge,
    rpId: rp.id,
    binding: {
      purpose: "second-factor",
      signInTokenHash: tokenHash,
      userId: pending.userId,
    },
  });
  return options;
}

const body = z.object({ challenge: signInChallenge, response: authenticationResponse });

/**
 * The second step of a password sign-in, answered with one of the user's passkeys instead of a code:
 * it spends a try of the sign-in challenge and counts against the user's second-factor failures
 * (shared with codes), like a code; then the session starts and the challenge is gone.
 */
export async function completePasskeySecondFactor(db: Db, input: unknown) {
  const { challenge, response } = parseOrThrow(body, input);
  const tokenHash = hashSessionToken(challenge);
  const [pending] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        gt(signInChallenges.expiresAt, sql`now()`),
        lt(signInChallenges.attempts, TRIES_PER_CHALLENGE),
      ),
    )
    .returning({ userId: signInChallenges.userId });
  if (!pending) throw expired();
  const limits = await rateLimiter();
  await limits.consume("second_factor_user", pending.userId);
  const webauthnChallenge = challengeOf(response);
  const { rpId } = await takePasskeyChallenge(db, webauthnChallenge, {
    purpose: "second-factor",
    signInTokenHash: tokenHash,
    userId: pending.userId,
  });
  await verifyPasskeyAssertion(db, response, { challenge: webauthnChallenge, rpId, userId: pending.userId });
  const [user] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, pending.userId));
  if (!user || user.disabledAt) throw passkeyRefused();
  await limits.reset("second_factor_user", pending.userId);
  await db.delete(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, pending.userId));
  return createSession(db, pending.userId);
}
