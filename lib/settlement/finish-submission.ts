import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments, paymentSubmissions } from "@/db/schema";
import { log } from "@/lib/log";

/**
 * Make a processing payment final and close its submission, in one transaction. Guarded by the
 * payment still being processing, so however many instances observe the same outcome, it is
 * written (and logged) once. `txHash` is the transaction that settled it (a fee bump or another
 * relayer's transaction may differ from the one recorded).
 */
export async function finishSubmission(db: Db, paymentId: string, outcome: { status: "succeeded"; txHash: string } | { status: "failed"; reason: string }) {
  const done = await db.transaction(async (tx) => {
    const updated = await tx
      .update(payments)
      .set({ status: outcome.status, ...(outcome.status === "succeeded" ? { txHash: outcome.txHash } : {}), updatedAt: sql`now()`, finalizedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "processing")))
      .returning({ id: payments.id });
    await tx
      .update(paymentSubmissions)
      .set({
        state: "closed",
        outcome: outcome.status === "succeeded" ? "succeeded" : `failed: ${outcome.reason}`,
        ...(outcome.status === "succeeded" ? { txHash: outcome.txHash } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(paymentSubmissions.paymentId, paymentId));
    return updated.length > 0;
  });
  if (done) log.info({ job: "watcher", paymentId, status: outcome.status, reason: outcome.status === "failed" ? outcome.reason : undefined }, "payment final");
}

/** Look again after `delayMs`; `unseen` records since when the network has not known the transaction (null: it knows it). */
export async function rescheduleSubmission(db: Db, paymentId: string, delayMs: number, unseen: "keep" | "now" | "clear") {
  await db
    .update(paymentSubmissions)
    .set({
      nextCheckAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      ...(unseen === "clear" ? { unseenSince: null } : unseen === "now" ? { unseenSince: sql`coalesce(${paymentSubmissions.unseenSince}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentSubmissions.paymentId, paymentId), eq(paymentSubmissions.state, "open")));
}
