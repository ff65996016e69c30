import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions, payments, paymentSubmissions, type PaymentSubmission } from "@/db/schema";
import { CLAIM_LEASE_MS } from "./schedule";

type OptionRow = typeof paymentOptions.$inferSelect;

export type DueSubmission = { submission: PaymentSubmission; option: OptionRow; paymentCreatedAt: Date };

/**
 * Claim up to `limit` open submissions that are due, oldest due first, leasing them for
 * CLAIM_LEASE_MS (SKIP LOCKED: instances never take the same row). One statement reads only due
 * rows through a partial index, so the cost does not grow with rows that are not due; a second
 * reads their options. No lock outlives the statement: chain calls come after.
 */
export async function claimDueSubmissions(db: Db, limit: number): Promise<DueSubmission[]> {
  const claimed = await db.execute<{ payment_id: string }>(sql`
    update ${paymentSubmissions} set next_check_at = now() + make_interval(secs => ${CLAIM_LEASE_MS / 1000}), checks = checks + 1
    where payment_id in (
      select payment_id from ${paymentSubmissions}
      where state = 'open' and next_check_at <= now()
      order by next_check_at
      limit ${limit}
      for update skip locked
    )
    returning payment_id`);
  const ids = claimed.map((row) => row.payment_id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ submission: paymentSubmissions, option: paymentOptions, paymentCreatedAt: payments.createdAt })
    .from(paymentSubmissions)
    .innerJoin(paymentOptions, eq(paymentOptions.id, paymentSubmissions.optionId))
    .innerJoin(payments, eq(payments.id, paymentSubmissions.paymentId))
    .where(inArray(paymentSubmissions.paymentId, ids));
  return rows;
}
