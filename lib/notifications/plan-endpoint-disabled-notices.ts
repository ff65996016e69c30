import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationSends, webhookEndpoints } from "@/db/schema";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { loadMembers } from "./load-members";
import { recipientsFor } from "./recipients";
import { endpointDisabledNotice } from "./render-notice";

/**
 * Notices for endpoints the delivery worker disabled after failing (lib/webhooks/record-attempt.ts sets
 * disabled_reason 'failing'; one the merchant disabled is not news to it). The endpoint row is the
 * durable record: each disabling (its disabled_at) is planned once per member, whichever instance
 * looks first, for three days after it happened.
 */
export async function planEndpointDisabledNotices(db: Db): Promise<void> {
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      merchantId: webhookEndpoints.merchantId,
      url: webhookEndpoints.url,
      disabledAt: webhookEndpoints.disabledAt,
    })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.disabledReason, "failing"),
        gt(webhookEndpoints.disabledAt, sql`now() - interval '3 days'`),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  for (const endpoint of endpoints) {
    const notice = endpointDisabledNotice(env().PUBLIC_BASE_URL, endpoint);
    const { members, preferences } = await loadMembers(db, endpoint.merchantId);
    const rows = recipientsFor("webhook_disabled", members, preferences).map(({ member, send }) => ({
      id: newId("ntf"),
      key: `webhook_disabled:${endpoint.id}:${endpoint.disabledAt!.getTime()}:${member.userId}`,
      kind: "webhook_disabled",
      merchantId: endpoint.merchantId,
      userId: member.userId,
      toEmail: member.email,
      status: send ? ("pending" as const) : ("skipped" as const),
      ...notice,
    }));
    if (rows.length)
      await db.insert(notificationSends).values(rows).onConflictDoNothing({ target: notificationSends.key });
  }
}
