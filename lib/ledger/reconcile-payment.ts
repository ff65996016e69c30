import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx, Db } from "@/db/client";
import { chainTransfers, paymentOptions, payments, paymentSubmissions } from "@/db/schema";
import { loadNetworks } from "@/lib/chains/load-networks";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { transitionPayment } from "@/lib/payments/transition";
import { judgePayment, type Judgement, type OptionFacts, type TransferFacts } from "./judge-payment";

type OptionRow = typeof paymentOptions.$inferSelect;

/** At most this many changes per call: each is one judged step (say a late transfer, then a duplicate). */
const MAX_STEPS = 4;

/**
 * Bring a payment in line with its bound transfers in the ledger: under the payment's row lock (no
 * chain call), judge (lib/ledger/judge-payment.ts) and apply the change through the transition
 * module, until nothing is left to do. Safe from any instance at any time: the lock serialises them.
 */
export async function reconcilePayment(db: Db, paymentId: string): Promise<Judgement[]> {
  const applied = await db.transaction(async (tx) => {
    const done: Judgement[] = [];
    for (let step = 0; step < MAX_STEPS; step++) {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      if (!payment) return done;
      const rows = await tx
        .select()
        .from(chainTransfers)
        // Attached ones too: the transfer a merchant attached can be reorged out like any other.
        .where(and(eq(chainTransfers.paymentId, paymentId), inArray(chainTransfers.match, ["bound", "attached"])));
      const optionIds = [...new Set(rows.flatMap((r) => (r.optionId ? [r.optionId] : [])))];
      const optionRows =
        optionIds.length === 0
          ? []
          : await tx.select().from(paymentOptions).where(inArray(paymentOptions.id, optionIds));
      const options = new Map<string, OptionFacts>(
        optionRows.map((o) => [o.id, { id: o.id, amount: BigInt(o.tokenAmount), expiresAt: o.expiresAt }]),
      );
      const transfers: TransferFacts[] = rows.map((r) => ({
        id: r.id,
        txHash: r.txHash,
        position: r.position,
        optionId: r.optionId,
        amount: BigInt(r.amount),
        state: r.state,
        blockNumber: r.blockNumber,
        blockTime: r.blockTime,
        reorgedAt: r.reorgedAt,
      }));
      const judgement = judgePayment({
        payment,
        transfers,
        options,
        now: new Date(),
        droppedAfterMs: env().DROPPED_TX_TIMEOUT_S * 1000,
      });
      if (judgement.kind === "none") return done;
      await apply(tx, { id: paymentId, judgement, options: optionRows });
      done.push(judgement);
    }
    return done;
  });
  for (const judgement of applied)
    log.info(
      {
        job: "ledger",
        paymentId,
        change: judgement.kind,
        txHash: "transfer" in judgement ? judgement.transfer.txHash : undefined,
      },
      "payment reconciled with the chain",
    );
  return applied;
}

/** What the payment records of the option a transfer paid: the quote, the token, the buyer. */
function paidWith(option: OptionRow | undefined) {
  if (!option) return {};
  const token = loadNetworks()
    .find((n) => n.chainId === option.chainId)
    ?.tokens.find((t) => t.caip19 === option.tokenCaip19);
  return {
    optionId: option.id,
    buyerAccount: option.account,
    chainId: option.chainId,
    tokenCaip19: option.tokenCaip19,
    tokenAmount: option.tokenAmount,
    ...(token ? { tokenSymbol: token.symbol, tokenDecimals: token.decimals } : {}),
  };
}

async function apply(
  tx: Tx,
  { id, judgement, options }: { id: string; judgement: Exclude<Judgement, { kind: "none" }>; options: OptionRow[] },
) {
  const { transfer } = judgement;
  const option = options.find((o) => o.id === transfer.optionId);
  switch (judgement.kind) {
    case "found":
      await transitionPayment(tx, {
        name: "found",
        target: { id },
        changes: { ...paidWith(option), txHash: transfer.txHash },
      });
      return closeWalletSubmission(tx, id, transfer.txHash);
    case "found_short":
      await transitionPayment(tx, {
        name: "found_short",
        target: { id },
        changes: {
          ...paidWith(option),
          txHash: transfer.txHash,
          exception: judgement.exception,
          receivedAmount: transfer.amount.toString(),
          failureReason: `${judgement.exception}: received ${transfer.amount} base units, the option asked ${judgement.option.amount}`,
        },
      });
      return closeWalletSubmission(tx, id, transfer.txHash);
    case "late":
      await transitionPayment(tx, {
        name: "note",
        target: { id },
        changes: {
          ...paidWith(option),
          exception: "paid_late",
          receivedAmount: transfer.amount.toString(),
          txHash: transfer.txHash,
        },
      });
      return;
    case "duplicate":
      await transitionPayment(tx, { name: "note", target: { id }, changes: { exception: "duplicate" } });
      return;
    case "reorged":
      await transitionPayment(tx, { name: "note", target: { id }, changes: { exception: "reorged" } });
      return;
    case "reorg_cleared":
      await transitionPayment(tx, { name: "note", target: { id }, changes: { exception: null } });
      return;
    case "reorg_failed":
      await transitionPayment(tx, {
        name: "reorg_fail",
        target: { id },
        changes: { exception: "reorged", failureReason: judgement.reason },
      });
      return;
  }
}

/**
 * A transfer the wallet sent is settled by what the ledger found (the same transaction, or one that
 * replaced it): the watcher stops looking at it. Relays and co-signed transactions stay with the
 * watcher, which also records the fees our gas key paid for them.
 */
async function closeWalletSubmission(tx: Tx, paymentId: string, txHash: string) {
  await tx
    .update(paymentSubmissions)
    .set({ state: "closed", outcome: `settled from the ledger by ${txHash}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentSubmissions.paymentId, paymentId),
        eq(paymentSubmissions.state, "open"),
        eq(paymentSubmissions.kind, "wallet_sent"),
      ),
    );
}
