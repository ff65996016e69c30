import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { notificationPreferences } from "@/db/schema";
import { parseOrThrow } from "@/lib/errors/validate";
import { loadMembers } from "./load-members";
import { MEMBER_NOTIFICATION_KINDS, type MemberNotificationKind } from "./notification-kinds";
import { wants } from "./recipients";

export type NotificationChoices = Record<MemberNotificationKind, boolean>;

/** The Account page's form: each kind on or off (a kind left out keeps its current choice). */
export const notificationChoicesBody = z.strictObject(
  Object.fromEntries(MEMBER_NOTIFICATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
    MemberNotificationKind,
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** A member's current choices, defaults filled in. */
export async function readNotificationChoices(
  db: Db,
  merchantId: string,
  userId: string,
): Promise<NotificationChoices> {
  const { members, preferences } = await loadMembers(db, merchantId);
  const member = members.find((m) => m.userId === userId) ?? { userId, email: "", isOwner: false };
  return Object.fromEntries(
    MEMBER_NOTIFICATION_KINDS.map((k) => [k, wants(member, k, preferences)]),
  ) as NotificationChoices;
}

/** Save a member's choices (each kind named is stored explicitly, so a later default change keeps it); the choices after. */
export async function saveNotificationChoices(
  db: Db,
  { merchantId, userId, input }: { merchantId: string; userId: string; input: unknown },
): Promise<NotificationChoices> {
  const body = parseOrThrow(notificationChoicesBody, input);
  const rows = MEMBER_NOTIFICATION_KINDS.filter((k) => body[k] !== undefined).map((kind) => ({
    userId,
    kind,
    enabled: body[kind]!,
  }));
  if (rows.length)
    await db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
  return readNotificationChoices(db, merchantId, userId);
}
