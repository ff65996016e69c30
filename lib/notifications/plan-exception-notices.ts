import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationSends } from "@/db/schema";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { paymentSnapshotSchema } from "@/lib/webhooks/payment-snapshot";
import { loadMembers } from "./load-members";
import { EXCEPTION_EVENT_TYPES } from "./notification-kinds";
import { recipientsFor } from "./recipients";
import { exceptionNotice } from "./render-notice";

/** Events older than this are not notified any more (a notifier down for days must not mail stale news). */
const LOOKBACK = sql`interval '3 days'`;
const BATCH = 100;

/**
 * Turn payment exceptions into notices. The outbox (webhook_events) already holds every exception,
 * written by the payment's own transaction (lib/payments/transition.ts and its triggers); here each
 * such event not planned yet gets one notification_sends row per member: pending for those who want
 * it, skipped for the others. Keys are unique per (event, member), so instances planning the same event
 * at once write it once. Returns how many events were planned.
 */
export async function planExceptionNotices(db: Db): Promise<number> {
  const types = sql.join(
    EXCEPTION_EVENT_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const events = (await db.execute(sql`
    select e.id, e.merchant_id, e.type, e.snapshot from webhook_events e
    where e.type in (${types}) and e.live and e.created_at > now() - ${LOOKBACK}
      and not exists (select 1 from notification_sends s where s.event_id = e.id)
      -- A merchant with no dashboard user (made over the API) has nobody to tell: its events would be
      -- picked again every tick, and a hundred of them would hold back everyone else's.
      and exists (select 1 from users u where u.merchant_id = e.merchant_id and u.disabled_at is null)
    order by e.created_at limit ${BATCH}`)) as unknown as {
    id: string;
    merchant_id: string;
    type: string;
    snapshot: unknown;
  }[];
  for (const event of events) {
    const snapshot = paymentSnapshotSchema.parse(event.snapshot);
    const notice = exceptionNotice(env().PUBLIC_BASE_URL, event.type, snapshot);
    const { members, preferences } = await loadMembers(db, event.merchant_id);
    const rows = recipientsFor("payment_exceptions", members, preferences).map(({ member, send }) => ({
      id: newId("ntf"),
      key: `exception:${event.id}:${member.userId}`,
      kind: "payment_exceptions",
      merchantId: event.merchant_id,
      userId: member.userId,
      eventId: event.id,
      toEmail: member.email,
      status: send ? ("pending" as const) : ("skipped" as const),
      ...notice,
    }));
    if (rows.length)
      await db.insert(notificationSends).values(rows).onConflictDoNothing({ target: notificationSends.key });
  }
  return events.length;
}
