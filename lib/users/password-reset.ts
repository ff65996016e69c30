import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passwordResets, sessions, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password-hash";
import { hashSessionToken } from "@/lib/auth/session-create";
import { newPasswordSchema } from "@/lib/dashboard/credentials";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";

/** A reset link works for an hour: long enough to open an email, short enough that an old one is dead. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * A single-use link that sets a new password for `userId`. The token is in the fragment
 * (`/dashboard/reset-password#token=…`), so it reaches no server log or Referer; only its hash is stored.
 */
export async function issuePasswordReset(db: Db, userId: string, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await db.insert(passwordResets).values({ tokenHash: hashSessionToken(token), userId, expiresAt });
  return { url: `${env().PUBLIC_BASE_URL}/dashboard/reset-password#token=${token}`, expiresAt };
}

export const resetPasswordBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a reset token"),
  password: newPasswordSchema,
});

/**
 * Spend a reset link: the new password is set and every session of the user ends (whoever held one
 * is signed out), in one transaction that also marks the token used, so a link works exactly once
 * even when two tabs submit it together. The password is hashed first, so no transaction waits on scrypt.
 */
export async function resetPassword(db: Db, input: unknown): Promise<void> {
  const { token, password } = parseOrThrow(resetPasswordBody, input);
  const passwordHash = await hashPassword(password);
  const spent = await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashSessionToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    return true;
  });
  if (!spent) throw new ApiError("invalid_state", "This reset link has expired or was already used; ask for a new one");
}
