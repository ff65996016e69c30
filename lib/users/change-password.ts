import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { hashPassword, verifyPassword } from "@/lib/auth/password-hash";
import { assertHashSlotsOpen } from "@/lib/auth/hash-slots";
import { hashSessionToken } from "@/lib/auth/session-create";
import { newPasswordSchema } from "@/lib/dashboard/credentials";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";

const body = z.object({ currentPassword: z.string().min(1, "is required").max(200), newPassword: newPasswordSchema });

/**
 * A signed-in user changes their password: the current one must match (a session left open on a
 * shared computer cannot take the account over), and every other session of the user ends, while
 * this one stays signed in.
 */
export async function changePassword(
  db: Db,
  { userId, currentToken, input }: { userId: string; currentToken: string; input: unknown },
): Promise<void> {
  const { currentPassword, newPassword } = parseOrThrow(body, input);
  assertHashSlotsOpen();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new ApiError("invalid_credentials", "The current password is incorrect", {
      issues: [{ field: "currentPassword", message: "is incorrect" }],
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashSessionToken(currentToken))));
  });
}
