import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { runCompiled } from "@/db/compiled-statement";
import { payments, paymentSubmissions, sponsoredTokenAccounts } from "@/db/schema";
import type { ObservedTransfer } from "@/lib/chains/chain-adapter";
import { recordServiceFees, type FeesPaid } from "@/lib/fees/record-service-fees";
import { recordSettledTransfer } from "@/lib/ledger/record-settled-transfer";
import { reconcilePayment } from "@/lib/ledger/reconcile-payment";
import { log } from "@/lib/log";
import { transitionPayment } from "@/lib/payments/transition";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";

/**
 * Make a processing payment final and close its submission, in one transaction. Guarded by the
 * payment still being processing, so however many instances observe the same outcome, it is
 * written (and logged) once. `txHash` is the transaction that settled it (a fee bump or another
 * relayer's transaction may differ from the one recorded).
 */
export type Outcome =
  /** `sponsored`: a merchant token account the service funded in this transaction (its rent is paid once). */
  (
    | { status: "succeeded"; txHash: string; sponsored?: { account: string; lamports: bigint } }
    | { status: "failed"; reason: string }
    /** The bound transfer landed for another amount: failed, with what arrived on record for the merchant. */
    | { status: "failed"; reason: string; exception: "underpaid" | "overpaid"; txHash: string; receivedAmount: bigint }
    /** It never landed before PROCESSING_DEADLINE_S: failed, and the merchant sees why (it may still land: paid late). */
    | { status: "failed"; reason: string; exception: "stuck" }
  ) & {
    /** What the service's gas keys paid for it, recorded with the outcome. */
    fees?: FeesPaid;
    /** The transfer the watcher saw land, for the ledger (lib/ledger/record-settled-transfer.ts). */
    landed?: { chainId: string; transfer: ObservedTransfer; optionId: string; merchantId: string };
  };

export async function finishSubmission(db: Db, paymentId: string, outcome: Outcome) {
  const exception =
    "exception" in outcome
      ? {
          exception: outcome.exception,
          ...("receivedAmount" in outcome ? { receivedAmount: outcome.receivedAmount.toString() } : {}),
        }
      : {};
  const txHash = "txHash" in outcome ? { txHash: outcome.txHash } : {};
  const failureReason = outcome.status === "failed" ? { failureReason: outcome.reason } : {};
  // The feeds' prices value the fees: read (at most once per PRICE_REFRESH_MS) before the transaction opens.
  const prices = outcome.fees?.paid.length ? livePriceSource(await currentPrices()) : undefined;
  const done = await db.transaction(async (tx) => {
    const updated = await transitionPayment(tx, {
      name: outcome.status === "succeeded" ? "settle" : "fail",
      target: { id: paymentId },
      changes: { ...txHash, ...exception, ...failureReason },
    });
    const seen = outcome.status === "succeeded" ? "succeeded" : `failed: ${outcome.reason}`;
    const { landed } = outcome;
    // The writes below do not depend on one another: they go out together on the transaction's
    // connection (two round trips where they took up to five, the fees' insert waiting for its owner's row;
    // issue 29), each still inside this one transaction.
    const [, , , recorded] = await Promise.all([
      // The payment may already be final from what the ledger found on chain: the record says so.
      closeSubmission(tx, {
        paymentId,
        outcome: updated ? seen : `${seen} (the payment was already final)`,
        ...txHash,
      }),
      outcome.status === "succeeded" && outcome.sponsored
        ? recordSponsoredAccount(tx, paymentId, outcome.sponsored)
        : undefined,
      outcome.fees ? recordServiceFees(tx, { paymentId, fees: outcome.fees, prices }) : undefined,
      landed
        ? recordSettledTransfer(tx, {
            chainId: landed.chainId,
            transfer: landed.transfer,
            binding: { paymentId, optionId: landed.optionId, merchantId: landed.merchantId },
          })
        : false,
    ]);
    return { updated: updated !== undefined, recorded };
  });
  // Already final (the ledger settled it from another transfer): this one may be a second payment,
  // which the ledger's judgement names (a duplicate).
  if (done.recorded && !done.updated)
    await reconcilePayment(db, paymentId).catch((err: unknown) =>
      log.error({ job: "watcher", paymentId, err: String(err) }, "reconcile failed; the finality watch retries"),
    );
  if (done.updated) {
    const reason = outcome.status === "failed" ? outcome.reason : undefined;
    log.info(
      {
        job: "watcher",
        paymentId,
        status: outcome.status,
        reason,
        exception: "exception" in outcome ? outcome.exception : undefined,
      },
      "payment final",
    );
  }
}

/**
 * A late transfer (made after the payment or its quote expired) has landed: put it on the payment as
 * `paid_late` with what arrived, leaving the status as it is; the merchant decides. Failed late
 * transfers only close their record.
 */
export async function finishLateTransfer(
  db: Db,
  due: { paymentId: string; option: LateOption },
  outcome:
    | { landed: true; txHash: string; amount: bigint; symbol: string; decimals: number }
    | { landed: false; reason: string },
) {
  const { paymentId, option } = due;
  await db.transaction(async (tx) => {
    if (outcome.landed) {
      await transitionPayment(tx, {
        name: "note",
        target: { id: paymentId, where: isNull(payments.exception) },
        changes: {
          exception: "paid_late",
          receivedAmount: outcome.amount.toString(),
          txHash: outcome.txHash,
          optionId: option.id,
          buyerAccount: option.account,
          chainId: option.chainId,
          tokenCaip19: option.tokenCaip19,
          tokenAmount: option.tokenAmount,
          tokenSymbol: outcome.symbol,
          tokenDecimals: outcome.decimals,
        },
      });
    }
    await closeSubmission(tx, {
      paymentId,
      outcome: outcome.landed ? "paid_late" : `late transfer failed: ${outcome.reason}`,
      ...(outcome.landed ? { txHash: outcome.txHash } : {}),
    });
  });
  log.info(
    { job: "watcher", paymentId, landed: outcome.landed },
    outcome.landed ? "late payment recorded" : "late transfer failed",
  );
}

/** A merchant token account the service funded for `paymentId` (its rent is paid once). */
export async function recordSponsoredAccount(
  tx: Tx,
  paymentId: string,
  sponsored: { account: string; lamports: bigint },
) {
  await tx.execute(sql`
    insert into ${sponsoredTokenAccounts} (chain_id, account, merchant_id, payment_id, lamports)
    select p.chain_id, ${sponsored.account}, p.merchant_id, p.id, ${sponsored.lamports} from ${payments} p where p.id = ${paymentId}
    on conflict do nothing`);
}

type LateOption = { id: string; account: string; chainId: string; tokenCaip19: string; tokenAmount: string };

async function closeSubmission(
  tx: Tx,
  { paymentId, outcome, txHash }: { paymentId: string; outcome: string; txHash?: string },
) {
  // Built once per process (with or without the hash): one of the writes of every settled payment.
  const withHash = txHash !== undefined;
  await runCompiled(
    tx,
    `close-submission:${withHash ? "hash" : "no-hash"}`,
    (on) =>
      on
        .update(paymentSubmissions)
        .set({
          state: "closed",
          outcome: sql.placeholder("outcome") as unknown as string,
          ...(withHash ? { txHash: sql.placeholder("txHash") as unknown as string } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(paymentSubmissions.paymentId, sql.placeholder("paymentId") as unknown as string)),
    { paymentId, outcome, ...(withHash ? { txHash } : {}) },
  );
}

/**
 * Look again after `delayMs`; `unseen` records since when the network has not known the transaction
 * (null: it knows it), or (`nonce_used`) since when the payer's nonce is used by another transaction.
 */
export async function rescheduleSubmission(
  db: Db,
  {
    paymentId,
    delayMs,
    unseen,
  }: { paymentId: string; delayMs: number; unseen: "keep" | "now" | "clear" | "nonce_used" },
) {
  await db
    .update(paymentSubmissions)
    .set({
      nextCheckAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      ...(unseen === "clear"
        ? { unseenSince: null }
        : unseen === "now"
          ? { unseenSince: sql`coalesce(${paymentSubmissions.unseenSince}, now())` }
          : unseen === "nonce_used"
            ? { nonceUsedAt: sql`coalesce(${paymentSubmissions.nonceUsedAt}, now())` }
            : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentSubmissions.paymentId, paymentId), eq(paymentSubmissions.state, "open")));
}
