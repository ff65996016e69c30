import { and, eq, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments } from "@/db/schema";

/**
 * Mark every pending payment whose window has closed as expired, in one statement. Idempotent and
 * safe to run from several instances at once: the WHERE clause re-checks under the row lock.
 */
export async function expireDuePayments(db: DbOrTx, now = new Date()): Promise<number> {
  const expired = await db
    .update(payments)
    .set({ status: "expired", updatedAt: sql`now()`, finalizedAt: sql`now()` })
    .where(and(eq(payments.status, "pending"), lte(payments.expiresAt, now)))
    .returning({ id: payments.id });
  return expired.length;
}
