import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, sessions, users } from "@/db/schema";
import { hashSessionToken } from "./session-create";

/**
 * The signed-in user and their merchant for a session token, or undefined when the token is
 * unknown, ended or expired. Everything the dashboard shows is scoped by `merchant.id` from here.
 */
export async function readSession(db: Db, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({
      csrfToken: sessions.csrfToken,
      user: { id: users.id, email: users.email },
      merchant: { id: merchants.id, name: merchants.name, currency: merchants.currency, iconUrl: merchants.iconUrl },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    // A deleted merchant's users are signed out (its sessions are also removed at delete), and so is
    // a disabled user, even by a session that escaped the delete at disable.
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        gt(sessions.expiresAt, sql`now()`),
        isNull(merchants.deletedAt),
        isNull(users.disabledAt),
      ),
    );
  return row;
}

export type DashboardSession = NonNullable<Awaited<ReturnType<typeof readSession>>>;
