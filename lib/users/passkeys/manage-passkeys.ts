import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { passkeys, users } from "@/db/schema";
import { assertHashSlotsOpen } from "@/lib/auth/hash-slots";
import { verifyPassword } from "@/lib/auth/password-hash";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { passkeyName } from "./register-passkey";

const notFound = () => new ApiError("not_found", "No such passkey of yours");

/** The user's own passkeys, oldest first, as the Account page lists them. */
export async function listPasskeys(db: Db, userId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** Rename one of the user's passkeys; another user's is a 404 like an unknown id. */
export async function renamePasskey(db: Db, { userId, id, input }: { userId: string; id: string; input: unknown }) {
  const { name } = parseOrThrow(z.object({ name: passkeyName }), input);
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  if (!row) throw notFound();
  return row;
}

const removeBody = z.object({ password: z.string().min(1, "is required").max(200) });

/**
 * Remove one of the user's passkeys: it signs in no more, from its next use. The password is asked,
 * so a session left open on someone's desk cannot take a way of signing in away from its owner.
 */
export async function removePasskey(
  db: Db,
  { userId, id, input }: { userId: string; id: string; input: unknown },
): Promise<void> {
  const { password } = parseOrThrow(removeBody, input);
  assertHashSlotsOpen();
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw new ApiError("invalid_credentials", "The password is incorrect", {
      issues: [{ field: "password", message: "is incorrect" }],
    });
  }
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw notFound();
}
