import { generateAuthenticationOptions } from "@simplewebauthn/server";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { createSession } from "@/lib/auth/session-create";
import { parseOrThrow } from "@/lib/errors/validate";
import { rateLimiter } from "@/lib/http/assert-within-rate-limit";
import { PASSKEY_CHALLENGE_TTL_MS, storePasskeyChallenge, takePasskeyChallenge } from "./passkey-challenges";
import { relyingParty } from "./relying-party";
import { passkeyRefused, verifyPasskeyAssertion } from "./verify-passkey-assertion";
import { challengeOf, authenticationResponse } from "./webauthn-json";

/**
 * Start a sign-in with a passkey and no email (the browser offers the passkeys it holds for this
 * site). Each start stores a challenge, so each counts against the network's sign-in budget (the
 * one failed passwords spend, 429 beyond); a sign-in that succeeds gives its count back.
 */
export async function startPasskeySignIn(db: Db, network: string) {
  const limits = await rateLimiter();
  limits.assertOpen("sign_ins", "all");
  await limits.consume("sign_in_network", network);
  const rp = relyingParty();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  await storePasskeyChallenge(db, { challenge: options.challenge, rpId: rp.id, binding: { purpose: "sign-in" } });
  return options;
}

const body = z.object({ response: authenticationResponse });

/**
 * Finish a passkey sign-in: the challenge is spent by this answer whatever it proves, the passkey's
 * signature and counter check out, and its user is not disabled; then a session starts at once.
 * A passkey that verified its user (PIN or biometric) is two factors in one, so no code is asked
 * even of a user with two-factor sign-in. Every refusal is the same 401.
 */
export async function finishPasskeySignIn(db: Db, input: unknown, network: string) {
  const { response } = parseOrThrow(body, input);
  const challenge = challengeOf(response);
  const limits = await rateLimiter();
  limits.assertOpen("sign_ins", "all");
  const { rpId } = await takePasskeyChallenge(db, challenge, { purpose: "sign-in" });
  await limits.consume("sign_ins", "all");
  const { userId } = await verifyPasskeyAssertion(db, response, { challenge, rpId });
  const [user] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  if (!user || user.disabledAt) throw passkeyRefused();
  await limits.refund("sign_in_network", network);
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, userId));
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  return createSession(db, userId);
}
