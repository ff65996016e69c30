import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { paymentSubmissions } from "@/db/schema";
import { recordServiceFeesOfMany, type FeeOwner, type FeesPaid } from "@/lib/fees/record-service-fees";
import { recordSettledTransfers } from "@/lib/ledger/record-settled-transfer";
import { reconcilePayment } from "@/lib/ledger/reconcile-payment";
import { log } from "@/lib/log";
import { transitionEach } from "@/lib/payments/transition";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";
import { recordSponsoredAccount, type Outcome } from "./finish-submission";

export type Settled = { paymentId: string; outcome: Extract<Outcome, { status: "succeeded" }> };

/**
 * What `finishSubmission` does for one successful payment, for many in one transaction: the watcher's
 * group commit (issue 29). A pass that sees dozens of transfers land wrote a transaction of four round
 * trips and six statements for each; here the payments' settle is one guarded UPDATE, the submissions'
 * close one UPDATE, the fees and the ledger's transfers one INSERT each, and the batch commits once.
 * Each payment keeps its own guard: one already final (the ledger settled it) is left as it stands,
 * its submission says so, and what its transfer was is judged after the commit, as for one.
 * Throws when the transaction fails, nothing of the batch written: the caller finishes each alone.
 */
export async function finishSettled(db: Db, batch: Settled[]): Promise<void> {
  const ids = new Set(batch.map((s) => s.paymentId));
  if (ids.size !== batch.length) throw new Error("finishSettled: a payment twice in one batch");
  // The feeds' prices value the fees: read (at most once per PRICE_REFRESH_MS) before the transaction opens.
  const prices = batch.some((s) => s.outcome.fees?.paid.length) ? livePriceSource(await currentPrices()) : undefined;
  const { updated, gained } = await db.transaction(async (tx) => {
    const changed = await transitionEach(tx, {
      name: "settle",
      rows: batch.map(({ paymentId, outcome }) => ({ id: paymentId, changes: { txHash: outcome.txHash } })),
    });
    const updated = new Set(changed.map((row) => row.id));
    // Independent of one another: they go out together on the transaction's connection.
    const [, , , gained] = await Promise.all([
      closeSubmissions(
        tx,
        batch.map(({ paymentId, outcome }) => ({
          payment_id: paymentId,
          outcome: updated.has(paymentId) ? "succeeded" : "succeeded (the payment was already final)",
          tx_hash: outcome.txHash,
        })),
      ),
      Promise.all(
        batch.flatMap(({ paymentId, outcome }) =>
          outcome.sponsored ? [recordSponsoredAccount(tx, paymentId, outcome.sponsored)] : [],
        ),
      ),
      recordServiceFeesOfMany(tx, {
        each: batch.flatMap(({ paymentId, outcome }) => {
          const fees = outcome.fees;
          return fees?.owner ? [{ paymentId, fees: fees as FeesPaid & { owner: FeeOwner } }] : [];
        }),
        prices,
      }),
      recordSettledTransfers(
        tx,
        batch.flatMap(({ paymentId, outcome: { landed } }) =>
          landed
            ? [
                {
                  chainId: landed.chainId,
                  transfer: landed.transfer,
                  binding: { paymentId, optionId: landed.optionId, merchantId: landed.merchantId },
                },
              ]
            : [],
        ),
      ),
    ]);
    return { updated, gained };
  });
  for (const { paymentId } of batch) {
    if (updated.has(paymentId)) {
      log.info({ job: "watcher", paymentId, status: "succeeded" }, "payment final");
    } else if (gained.has(paymentId)) {
      // Already final (the ledger settled it from another transfer): this one may be a second
      // payment, which the ledger's judgement names (a duplicate).
      await reconcilePayment(db, paymentId).catch((err: unknown) =>
        log.error({ job: "watcher", paymentId, err: String(err) }, "reconcile failed; the finality watch retries"),
      );
    }
  }
}

/** Whether the batch can be written by `finishSettled`: fees with their owner (the watcher's claim reads it). */
export function settlesInBatch(outcome: Outcome): outcome is Settled["outcome"] {
  return outcome.status === "succeeded" && (outcome.fees === undefined || outcome.fees.owner !== undefined);
}

async function closeSubmissions(tx: Tx, rows: { payment_id: string; outcome: string; tx_hash: string }[]) {
  await tx.execute(sql`
    update ${paymentSubmissions} s
    set state = 'closed', outcome = v.outcome, tx_hash = v.tx_hash, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(payment_id text, outcome text, tx_hash text)
    where s.payment_id = v.payment_id`);
}
