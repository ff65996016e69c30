import type { PaymentException, PaymentStatus, TransferState } from "@/db/schema";

/** What the ledger knows of a payment when it judges it. */
export type PaymentFacts = {
  status: PaymentStatus;
  exception: PaymentException | null;
  /** The transfer on record as the one that paid it (or paid it late, short or over). */
  txHash: string | null;
  expiresAt: Date;
};

/** One transfer bound to the payment (by its reference, or attached by the merchant). */
export type TransferFacts = {
  id: string;
  txHash: string;
  position: number;
  optionId: string | null;
  amount: bigint;
  state: TransferState;
  blockNumber: bigint | null;
  blockTime: Date | null;
  reorgedAt: Date | null;
};

/** The quote a bound transfer answers: its amount and until when it held. */
export type OptionFacts = { id: string; amount: bigint; expiresAt: Date };

export type Judgement =
  | { kind: "none" }
  /** A counted transfer of the quote's amount, in time: succeeded. */
  | { kind: "found"; transfer: TransferFacts; option: OptionFacts }
  /** A counted transfer of another amount: failed, with the exception and what arrived. */
  | { kind: "found_short"; transfer: TransferFacts; option: OptionFacts; exception: "underpaid" | "overpaid" }
  /** A counted transfer after the payment or its quote closed: paid late, the status stays. */
  | { kind: "late"; transfer: TransferFacts; option: OptionFacts | undefined }
  /** More money after the transfer that settled it: a second transfer or a second option paid. */
  | { kind: "duplicate"; transfer: TransferFacts }
  /** The transfer that paid it left the canonical chain. */
  | { kind: "reorged"; transfer: TransferFacts }
  /** ... and is back (mined again). */
  | { kind: "reorg_cleared"; transfer: TransferFacts }
  /** ... and did not come back within the dropped-transaction timeout: the payment fails. */
  | { kind: "reorg_failed"; transfer: TransferFacts; reason: string };

const COUNTS: ReadonlySet<TransferState> = new Set(["counted", "final"]);
const OPEN: ReadonlySet<PaymentStatus> = new Set(["pending", "processing"]);

/**
 * Whether a transfer in a block of time `blockTime` came after `closesAt`. Chains stamp blocks in whole
 * seconds, so a block of second S was made somewhere in [S, S + 1): only a block whose whole second is
 * before the close is in time. A block in the very second a payment expired is late (the service's
 * expiry and its confirm already answered `expired` then): the merchant decides, nothing is credited.
 */
function minedAfter(blockTime: Date, closesAt: Date): boolean {
  return blockTime.getTime() + 1000 > closesAt.getTime();
}

const byChainOrder = (a: TransferFacts, b: TransferFacts) =>
  a.blockNumber === b.blockNumber ? a.position - b.position : (a.blockNumber ?? 0n) < (b.blockNumber ?? 0n) ? -1 : 1;

/**
 * How a payment follows from its bound transfers, the chain being the truth. The first counted transfer
 * of an open payment settles it (succeeded, or failed short or over, or paid late when it was mined
 * after the payment or its quote closed); any counted transfer beyond the one on record is a
 * duplicate; the transfer on record leaving the chain is a reorg, cleared if it is mined again and
 * failing the payment if it is not within `droppedAfterMs`. Only one change per call: the caller
 * applies it and judges again until nothing is left to do.
 */
export function judgePayment({
  payment,
  transfers,
  options,
  now,
  droppedAfterMs,
}: {
  payment: PaymentFacts;
  transfers: TransferFacts[];
  options: ReadonlyMap<string, OptionFacts>;
  now: Date;
  droppedAfterMs: number;
}): Judgement {
  const own = payment.txHash === null ? undefined : transfers.find((t) => t.txHash === payment.txHash);
  if (payment.status === "succeeded" && own) {
    const goneFor = own.reorgedAt ? now.getTime() - own.reorgedAt.getTime() : 0;
    if (own.state === "dropped" || (own.state === "reorged" && goneFor >= droppedAfterMs))
      return {
        kind: "reorg_failed",
        transfer: own,
        reason: `the transfer ${own.txHash} left the chain in a reorganisation and was not mined again`,
      };
    if (own.state === "reorged")
      return payment.exception === "reorged" ? { kind: "none" } : { kind: "reorged", transfer: own };
    if (COUNTS.has(own.state) && payment.exception === "reorged") return { kind: "reorg_cleared", transfer: own };
  }

  const counted = transfers.filter((t) => COUNTS.has(t.state)).sort(byChainOrder);
  if (OPEN.has(payment.status)) {
    // A late transfer already on record does not settle the payment; a later one in time still may.
    const first = counted.find((t) => !(payment.exception === "paid_late" && t.txHash === payment.txHash));
    const option = first?.optionId ? options.get(first.optionId) : undefined;
    if (!first || !option) return { kind: "none" };
    if (minedAfter(first.blockTime ?? now, option.expiresAt) || minedAfter(first.blockTime ?? now, payment.expiresAt))
      return payment.exception === null ? { kind: "late", transfer: first, option } : { kind: "none" };
    if (first.amount === option.amount) return { kind: "found", transfer: first, option };
    return {
      kind: "found_short",
      transfer: first,
      option,
      exception: first.amount < option.amount ? "underpaid" : "overpaid",
    };
  }

  // The transfer the payment gave up on as stuck landed after all: money that came late.
  if (payment.exception === "stuck" && own && COUNTS.has(own.state))
    return { kind: "late", transfer: own, option: own.optionId ? options.get(own.optionId) : undefined };
  const extra = counted.find((t) => t.txHash !== payment.txHash);
  if (!extra) return { kind: "none" };
  // Money for a payment that closed unpaid (expired, cancelled, its transfer failed or dropped): paid late.
  if (payment.exception === null && payment.status !== "succeeded") {
    return { kind: "late", transfer: extra, option: extra.optionId ? options.get(extra.optionId) : undefined };
  }
  return payment.exception === "duplicate" ? { kind: "none" } : { kind: "duplicate", transfer: extra };
}
