import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passkeys } from "@/db/schema";
import { hashSessionToken } from "@/lib/auth/session-create";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { newId } from "@/lib/ids";
import { PASSKEY_CHALLENGE_TTL_MS, storePasskeyChallenge, takePasskeyChallenge } from "./passkey-challenges";
import { relyingParty } from "./relying-party";
import { challengeOf, registrationResponse } from "./webauthn-json";

/** Enough for every device a person owns; a bound on what one session can write. */
export const MAX_PASSKEYS_PER_USER = 20;

export const passkeyName = z.string().trim().min(1, "is required").max(60, "is at most 60 characters");

type Signed = { db: Db; userId: string; email: string; sessionToken: string };

/**
 * Options for the browser to make a passkey: discoverable (so it can sign in with no email typed),
 * user verification required (a PIN or biometric: the passkey is then two factors in one), none of
 * the user's own passkeys again. The challenge is bound to this session.
 */
export async function startPasskeyRegistration({ db, userId, email, sessionToken }: Signed) {
  const owned = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (owned.length >= MAX_PASSKEYS_PER_USER) {
    throw new ApiError("invalid_state", `An account holds at most ${MAX_PASSKEYS_PER_USER} passkeys; remove one first`);
  }
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: `Payments (${rp.name})`,
    rpID: rp.id,
    userName: email,
    userDisplayName: email,
    // The user handle a discoverable passkey returns at sign-in: our user id, never the email.
    userID: new TextEncoder().encode(userId),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: owned.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storePasskeyChallenge(db, {
    challenge: options.challenge,
    rpId: rp.id,
    binding: {
      purpose: "register",
      userId,
      sessionTokenHash: hashSessionToken(sessionToken),
    },
  });
  return options;
}

const finishBody = z.object({ name: passkeyName, response: registrationResponse });

/** Keep the passkey the browser made, once its answer to this session's challenge checks out (origin, RP ID, user verified). */
export async function finishPasskeyRegistration({ db, userId, sessionToken }: Signed, input: unknown) {
  const { name, response } = parseOrThrow(finishBody, input);
  const challenge = challengeOf(response);
  const { rpId } = await takePasskeyChallenge(db, challenge, {
    purpose: "register",
    userId,
    sessionTokenHash: hashSessionToken(sessionToken),
  });
  const rp = relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rpId,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) {
    throw new ApiError("invalid_credentials", "The passkey could not be verified; try again", {
      issues: [{ field: "response", message: "was not verified" }],
    });
  }
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const [{ held }] = (await db.select({ held: count() }).from(passkeys).where(eq(passkeys.userId, userId))) as [
    { held: number },
  ];
  if (held >= MAX_PASSKEYS_PER_USER) throw new ApiError("invalid_state", "This account already holds its passkeys");
  const [row] = await db
    .insert(passkeys)
    .values({
      id: newId("psk"),
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      rpId,
      name,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    })
    // A credential id is one authenticator's key: never a second row, for this user or another.
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt });
  if (!row) throw new ApiError("invalid_state", "This passkey is already registered");
  return row;
}
