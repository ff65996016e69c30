import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";

/**
 * Disable a user (a departed employee): no sign-in from now on, and every session ends in the same
 * transaction, so the next request of an open dashboard is refused. True when the user was enabled.
 */
export async function disableUser(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.disabledAt)))
      .returning({ id: users.id });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return changed.length > 0;
  });
}

/** Let a disabled user sign in again (their old sessions stay ended). True when the user was disabled. */
export async function enableUser(db: Db, userId: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ disabledAt: null })
    .where(and(eq(users.id, userId), sql`${users.disabledAt} is not null`))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Delete a user; their sessions and reset links go with them (cascade). The merchant stays. */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

/** A user's live sessions, oldest first (never a token: the table holds only hashes). */
export async function listUserSessions(db: Db, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(asc(sessions.createdAt));
}

/** End every session of a user ("sign out everywhere"); how many there were. */
export async function revokeUserSessions(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ userId: sessions.userId });
  return ended.length;
}
