import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions } from "@/db/schema";
import { hashSessionToken } from "@/lib/auth/session-create";

/**
 * The signed-in user's live sessions, oldest first, the one making the request marked. A session is
 * named by its token's hash: what the table holds, useless to sign in with.
 */
export async function listOwnSessions(db: Db, userId: string, currentToken: string) {
  const current = hashSessionToken(currentToken);
  const rows = await db
    .select({ id: sessions.tokenHash, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(asc(sessions.createdAt));
  return rows.map((r) => ({ ...r, current: r.id === current }));
}

/** Sign one of the user's own sessions out; another user's session id ends nothing. True when one ended. */
export async function endOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, sessionId)))
    .returning({ id: sessions.tokenHash });
  return ended.length > 0;
}

/** "Sign out everywhere else": every session of the user but this one. How many ended. */
export async function endOtherSessions(db: Db, userId: string, currentToken: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashSessionToken(currentToken))))
    .returning({ id: sessions.tokenHash });
  return ended.length;
}
