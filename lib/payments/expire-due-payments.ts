import { lte } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments } from "@/db/schema";
import { transitionPayments } from "./transition";

/**
 * Mark every pending payment whose window has closed as expired, in one statement. Idempotent and
 * safe to run from several instances at once: the WHERE clause re-checks under the row lock.
 */
export async function expireDuePayments(db: DbOrTx, now = new Date()): Promise<number> {
  const expired = await transitionPayments(db, { name: "expire", target: { where: lte(payments.expiresAt, now) } });
  return expired.length;
}
