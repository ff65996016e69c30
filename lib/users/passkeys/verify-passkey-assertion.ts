import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passkeys } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { relyingParty } from "./relying-party";

export const passkeyRefused = () =>
  new ApiError("invalid_credentials", "That passkey did not sign you in", {
    issues: [{ field: "response", message: "was not accepted" }],
  });

/**
 * Check a signed answer to a challenge already spent: the credential is a passkey on record (of
 * `userId`, when the sign-in already knows its user), made for this RP ID; the signature is by its
 * public key over this challenge, from our origin, with the user verified (a PIN or biometric); and
 * the signature counter went up, recorded in the statement that checks it (a cloned authenticator, or
 * two answers racing, cannot both pass). The passkey's user, whose state the caller still checks.
 */
export async function verifyPasskeyAssertion(
  db: Db,
  response: AuthenticationResponseJSON,
  expected: { challenge: string; rpId: string; userId?: string },
): Promise<{ userId: string; passkeyId: string }> {
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!passkey || passkey.rpId !== expected.rpId) throw passkeyRefused();
  if (expected.userId && passkey.userId !== expected.userId) throw passkeyRefused();
  // A discoverable passkey names its user: it must be the passkey's owner.
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString() !== passkey.userId) throw passkeyRefused();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: expected.challenge,
    expectedOrigin: relyingParty().origin,
    expectedRPID: expected.rpId,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw passkeyRefused();
  const next = verification.authenticationInfo.newCounter;
  const recorded = await db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        // Authenticators without a counter send 0 every time; any other must go up.
        next === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, next),
      ),
    )
    .returning({ id: passkeys.id });
  if (recorded.length === 0) throw passkeyRefused();
  return { userId: passkey.userId, passkeyId: passkey.id };
}
