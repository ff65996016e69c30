import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentOptions, payments } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import { log } from "@/lib/log";
import { intentOfOption } from "./option-intent";

const BATCH = 25;

/**
 * One pass of the watcher: move processing payments to succeeded (required confirmations reached,
 * transfer exactly as offered) or failed (reverted, or a Solana blockhash that expired unlanded).
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances split the work and each
 * payment is finalized once. State lives only in the database: a restart simply resumes.
 */
export async function settleProcessingPayments(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ payment: payments, option: paymentOptions })
      .from(payments)
      .innerJoin(paymentOptions, eq(paymentOptions.id, payments.optionId))
      .where(and(eq(payments.status, "processing")))
      .orderBy(asc(payments.updatedAt))
      .limit(BATCH)
      .for("update", { of: payments, skipLocked: true });
    let settled = 0;
    for (const { payment, option } of claimed) {
      const adapter = adapterFor(namespaceOf(option.chainId));
      if (!adapter || !payment.txHash) continue;
      try {
        const seen = await adapter.observe(
          intentOfOption(option),
          { txHash: payment.txHash, lastValidBlockHeight: option.lastValidBlockHeight ?? undefined },
          { notBefore: payment.createdAt },
        );
        if (seen.state === "pending") continue;
        const status = seen.state === "confirmed" ? "succeeded" : "failed";
        await tx.update(payments).set({ status, updatedAt: sql`now()`, finalizedAt: sql`now()` }).where(eq(payments.id, payment.id));
        log.info({ job: "watcher", paymentId: payment.id, status, reason: seen.state === "failed" ? seen.reason : undefined }, "payment final");
        settled++;
      } catch (err) {
        // An unreachable chain leaves the payment processing; the next pass tries again.
        log.warn({ job: "watcher", paymentId: payment.id, err: String(err) }, "observe failed");
      }
    }
    return settled;
  });
}
