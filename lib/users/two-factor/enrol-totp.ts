import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { recoveryCodes, users } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/password-hash";
import { assertHashSlotsOpen } from "@/lib/auth/hash-slots";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { openSecret, sealSecret } from "@/lib/secrets/seal-secret";
import { newRecoveryCodes, hashRecoveryCode } from "./recovery-codes";
import { checkTotp, newTotpSecret, totpUri } from "./totp";

const context = (userId: string) => `totp:${userId}`;
const codeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "must be the 6 digits your app shows"),
});

/**
 * Start enrolling an authenticator app: a new secret, sealed on the user's row but not in force
 * until a first right code confirms it. Asking again replaces a secret never confirmed.
 */
export async function startTotpEnrolment(db: Db, userId: string, email: string) {
  const secret = newTotpSecret();
  const updated = await db
    .update(users)
    .set({ totpSecret: sealSecret(secret, context(userId)), totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new ApiError("invalid_state", "Two-factor sign-in is already on; turn it off first");
  const issuer = `Payments (${new URL(env().PUBLIC_BASE_URL).host})`;
  return { secret, uri: totpUri(secret, email, issuer) };
}

/** Confirm enrolment with a first code: two-factor sign-in is on from now, and ten recovery codes are shown once. */
export async function confirmTotpEnrolment(db: Db, userId: string, input: unknown) {
  const { code } = parseOrThrow(codeBody, input);
  const [user] = await db
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.secret || user.enabledAt) throw new ApiError("invalid_state", "Start the enrolment first");
  const checked = await checkTotp(openSecret(user.secret, context(userId)), code, null);
  if (!checked.ok)
    throw new ApiError("invalid_params", "That code is not right; try the one your app shows now", {
      issues: [{ field: "code", message: "is not right" }],
    });
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: new Date(), totpLastStep: checked.step }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  });
  return { recoveryCodes: codes };
}

const disableBody = z.object({ password: z.string().min(1, "is required").max(200), code: z.string().trim() });

/** Turn two-factor sign-in off: the password and a current code (or a recovery code), so a session alone cannot. */
export async function disableTotp(db: Db, userId: string, input: unknown): Promise<void> {
  const { password, code } = parseOrThrow(disableBody, input);
  assertHashSlotsOpen();
  const [user] = await db
    .select({ passwordHash: users.passwordHash, secret: users.totpSecret, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw new ApiError("invalid_credentials", "The password is incorrect", {
      issues: [{ field: "password", message: "is incorrect" }],
    });
  }
  const totp = user.secret
    ? await checkTotp(openSecret(user.secret, context(userId)), code, user.lastStep)
    : { ok: false };
  const recovery =
    !totp.ok &&
    (
      await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ userId: recoveryCodes.userId })
    ).length > 0;
  if (!totp.ok && !recovery) {
    throw new ApiError("invalid_credentials", "That code is not right", {
      issues: [{ field: "code", message: "is not right" }],
    });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

export { context as totpContext };

/** Whether the user signs in with a second factor (the account page's state). */
export async function isTotpEnabled(db: Db, userId: string): Promise<boolean> {
  const [user] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(user?.enabledAt);
}
