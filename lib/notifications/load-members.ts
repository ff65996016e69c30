import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { notificationPreferences, users } from "@/db/schema";
import type { Member, Preference } from "./recipients";

/**
 * The active (not disabled) members of a merchant and their saved notification choices; owners are
 * told by default, the other roles when they opt in.
 */
export async function loadMembers(
  db: DbOrTx,
  merchantId: string,
): Promise<{ members: Member[]; preferences: Preference[] }> {
  const rows = await db
    .select({ userId: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), isNull(users.disabledAt)));
  const members = rows.map((r) => ({ userId: r.userId, email: r.email, isOwner: r.role === "owner" }));
  if (!members.length) return { members, preferences: [] };
  const preferences = await db
    .select({
      userId: notificationPreferences.userId,
      kind: notificationPreferences.kind,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(
      inArray(
        notificationPreferences.userId,
        members.map((m) => m.userId),
      ),
    );
  return { members, preferences };
}
