import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notificationSends } from "@/db/schema";
import { sendEmail } from "@/lib/email/send-email";
import { log } from "@/lib/log";

const BATCH = 20;
/** Longer than any one SMTP send may take (nodemailer's own timeouts end it before): the claim's lease. */
const LEASE = sql`interval '15 minutes'`;
const MAX_ATTEMPTS = 8;

type Claimed = { id: string; key: string; to_email: string; subject: string; body: string; attempts: number };

/**
 * Send the notices that are due. Each is claimed first (attempts + 1, next attempt pushed past the
 * lease) in a short statement that skips rows another instance holds, then sent outside any
 * transaction, then recorded sent. Two instances never take the same row; a send that fails is tried
 * again later (1, 2, 4 … minutes, eight attempts, then `failed`). The one case that can send twice is
 * a process dying between the SMTP server's acceptance and the `sent` record: after the lease another
 * instance sends it again, which is better than losing it.
 */
export async function deliverDueNotifications(db: Db): Promise<number> {
  const claimed = (await db.execute(sql`
    update notification_sends set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
    where id in (
      select id from notification_sends where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at limit ${BATCH} for update skip locked)
    returning id, key, to_email, subject, body, attempts`)) as unknown as Claimed[];
  for (const notice of claimed) {
    try {
      await sendEmail({ to: notice.to_email, subject: notice.subject, text: notice.body });
      await db
        .update(notificationSends)
        .set({ status: "sent", sentAt: sql`now()`, lastError: null })
        .where(eq(notificationSends.id, notice.id));
    } catch (err) {
      const message = err instanceof Error ? err.message.slice(0, 500) : "send failed";
      const last = notice.attempts >= MAX_ATTEMPTS;
      log.warn(
        { job: "notifier", key: notice.key, attempts: notice.attempts, err: message },
        "notification email failed",
      );
      await db
        .update(notificationSends)
        .set({
          status: last ? "failed" : "pending",
          lastError: message,
          nextAttemptAt: sql`now() + make_interval(mins => ${2 ** (notice.attempts - 1)})`,
        })
        .where(eq(notificationSends.id, notice.id));
    }
  }
  return claimed.length;
}
