import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, passkeys, sessions, users } from "@/db/schema";
import { env } from "@/lib/env";
import { hashSessionToken } from "./session-create";

/**
 * The signed-in user and their merchant for a session token, or undefined when the token is
 * unknown, ended, past its absolute lifetime or idle for SESSION_IDLE_MINUTES. Everything the dashboard shows is scoped by `merchant.id` from here.
 * `user.role` is what the member may do (lib/team/permissions.ts); `twoFactorMissing` is true while the
 * merchant requires a second factor and this user has neither an authenticator app nor a passkey.
 */
export async function readSession(db: Db, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokenHash = hashSessionToken(token);
  const idle = sql`now() - make_interval(mins => ${env().SESSION_IDLE_MINUTES})`;
  const [row] = await db
    .select({
      seenRecently: sql<boolean>`${sessions.lastSeenAt} > now() - interval '1 minute'`,
      csrfToken: sessions.csrfToken,
      user: { id: users.id, email: users.email, role: users.role },
      twoFactorMissing: sql<boolean>`${merchants.requireTwoFactor} and ${users.totpEnabledAt} is null
        and not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
      merchant: { id: merchants.id, name: merchants.name, currency: merchants.currency, iconUrl: merchants.iconUrl },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    // A deleted merchant's users are signed out (its sessions are also removed at delete), and so is
    // a disabled user, even by a session that escaped the delete at disable.
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idle),
        isNull(merchants.deletedAt),
        isNull(users.disabledAt),
      ),
    );
  if (!row) return undefined;
  // Use keeps it alive; written at most once a minute, so a page's burst of requests costs one write.
  if (!row.seenRecently)
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.tokenHash, tokenHash));
  return { csrfToken: row.csrfToken, user: row.user, merchant: row.merchant, twoFactorMissing: row.twoFactorMissing };
}

export type DashboardSession = NonNullable<Awaited<ReturnType<typeof readSession>>>;
