import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, passkeys, teamInvitations, users } from "@/db/schema";

/**
 * The team page: every member with role and whether they have a second factor, the pending invitations,
 * and whether the team requires a second factor.
 */
export async function listTeam(db: Db, merchantId: string) {
  const members = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      twoFactor: sql<boolean>`${users.totpEnabledAt} is not null
        or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.merchantId, merchantId))
    .orderBy(asc(users.createdAt), asc(users.id));
  const invitations = await db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      createdAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.merchantId, merchantId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(teamInvitations.createdAt));
  const [merchant] = await db
    .select({ requireTwoFactor: merchants.requireTwoFactor })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return { members, invitations, requireTwoFactor: merchant?.requireTwoFactor ?? false };
}
