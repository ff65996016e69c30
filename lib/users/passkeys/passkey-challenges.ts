import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passkeyChallenges } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

/** Long enough to touch a key or find a phone; the browser's own prompt times out at the same moment. */
export const PASSKEY_CHALLENGE_TTL_MS = 3 * 60 * 1000;

type Binding =
  | { purpose: "register"; userId: string; sessionTokenHash: string }
  | { purpose: "sign-in" }
  | { purpose: "second-factor"; signInTokenHash: string; userId: string };

/**
 * Record a challenge handed to the browser, with what may spend it. Expired ones are swept on the way,
 * and so is the one a session or a sign-in already held: asking again replaces it, so asking in a loop
 * writes no more rows (a start without either binding is limited per network by its caller).
 */
export async function storePasskeyChallenge(
  db: Db,
  { challenge, rpId, binding }: { challenge: string; rpId: string; binding: Binding },
): Promise<void> {
  const previous =
    binding.purpose === "register"
      ? eq(passkeyChallenges.sessionTokenHash, binding.sessionTokenHash)
      : binding.purpose === "second-factor"
        ? eq(passkeyChallenges.signInTokenHash, binding.signInTokenHash)
        : undefined;
  await db
    .delete(passkeyChallenges)
    .where(or(lt(passkeyChallenges.expiresAt, sql`now()`), ...(previous ? [previous] : [])));
  await db.insert(passkeyChallenges).values({
    challenge,
    rpId,
    purpose: binding.purpose,
    userId: "userId" in binding ? binding.userId : null,
    sessionTokenHash: binding.purpose === "register" ? binding.sessionTokenHash : null,
    signInTokenHash: binding.purpose === "second-factor" ? binding.signInTokenHash : null,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
  });
}

/**
 * Spend the challenge a signed answer echoes: deleted in the statement that finds it, so it answers
 * once, even in a race; it must be unexpired and bound as `binding` says (another session's or another
 * sign-in's challenge is no challenge here). Its RP ID, or 409 `invalid_state` to start again.
 */
export async function takePasskeyChallenge(db: Db, challenge: string, binding: Binding): Promise<{ rpId: string }> {
  const bound =
    binding.purpose === "register"
      ? [eq(passkeyChallenges.userId, binding.userId), eq(passkeyChallenges.sessionTokenHash, binding.sessionTokenHash)]
      : binding.purpose === "second-factor"
        ? [eq(passkeyChallenges.userId, binding.userId), eq(passkeyChallenges.signInTokenHash, binding.signInTokenHash)]
        : [];
  const [taken] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, binding.purpose),
        gt(passkeyChallenges.expiresAt, sql`now()`),
        ...bound,
      ),
    )
    .returning({ rpId: passkeyChallenges.rpId });
  if (!taken) throw new ApiError("invalid_state", "This passkey request expired or was already used; try again");
  return taken;
}
