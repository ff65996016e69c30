import type { PaymentStatus } from "@/db/schema";
import { SERVICE_BUILT, SERVICE_PAID, WALLET_SENT } from "@/lib/chains/transfer-methods";
import { ApiError } from "@/lib/errors/api-error";

/** Why a transfer for a payment comes too late: it expired or was cancelled, or the option's quote expired. */
export type Late = "payment_expired" | "quote_expired" | "cancelled";

/** What confirm does next. `answer`: where the payment stands now (a repeat of the confirm that won). */
export type ConfirmStep =
  | { kind: "answer" }
  | { kind: "refuse"; error: ApiError }
  /** Go on: verify the results against the option (late: the transfer is recorded as paid late). */
  | { kind: "verify"; late?: Late }
  /** The payment closed while this confirm verified a transfer the wallet already sent: record it as late. */
  | { kind: "record_late"; late: Late }
  /** Recorded: send it, answer processing. */
  | { kind: "send" };

// Every option of ours resolves to exactly one wallet action (typed data, a transfer, or one Solana transaction).
export const ACTIONS_PER_OPTION = 1;

const LATE_WHAT: Record<Late, string> = {
  payment_expired: "This payment has expired",
  quote_expired: "This option's quote has expired; ask for options again",
  cancelled: "This payment was cancelled",
};

const refuse = (error: ApiError): ConfirmStep => ({ kind: "refuse", error });

export function lateError(late: Late, recorded: boolean): ApiError {
  const what = LATE_WHAT[late];
  // The merchant sees it as paid late and decides; the payment's status does not change.
  return new ApiError(
    late === "cancelled" ? "invalid_state" : late,
    recorded
      ? `${what}. Your transfer reached the merchant and is recorded as paid late for the merchant to resolve`
      : what,
  );
}

export function lateStatus(status: PaymentStatus): Late | undefined {
  if (status === "expired") return "payment_expired";
  return status === "cancelled" ? "cancelled" : undefined;
}

/** Options and fetch, and confirm, need a payment still waiting for the buyer: expired is 410, anything else 409. */
function notPayable(status: PaymentStatus): ApiError | undefined {
  if (status === "expired") return new ApiError("payment_expired", "This payment has expired");
  if (status !== "pending") return new ApiError("invalid_state", `This payment is already ${status}`);
  return undefined;
}

/** A repeat of the confirm that recorded this option (a retry, a race): the payment moved past pending with it. */
export function isRepeat(p: { status: PaymentStatus; optionId: string | null }, optionId: string): boolean {
  return !["pending", "expired", "cancelled"].includes(p.status) && p.optionId === optionId;
}

/** First, from the payment alone: the results' shape, a repeat, a payment that takes no confirm. */
export function judgeConfirmStart(f: {
  status: PaymentStatus;
  paymentOptionId: string | null;
  optionId: string;
  results: number;
}): ConfirmStep {
  if (f.results !== ACTIONS_PER_OPTION)
    return refuse(
      new ApiError(
        "invalid_params",
        `results must hold ${ACTIONS_PER_OPTION} entry per action of the option, in order; got ${f.results}`,
        { issues: [{ field: "results", message: "length does not match the option's actions" }] },
      ),
    );
  if (isRepeat({ status: f.status, optionId: f.paymentOptionId }, f.optionId)) return { kind: "answer" };
  if (lateStatus(f.status)) return { kind: "verify" };
  const error = notPayable(f.status);
  return error ? refuse(error) : { kind: "verify" };
}

/**
 * Then, with the option: too late for it (nothing moved yet when the service sends the transfer, so
 * refuse; a transfer the wallet sent has reached the merchant, so verify and record it late), no
 * transaction built for a Solana option yet, or the shop's fee budget used up for a gasless one.
 */
export function judgeConfirmOption(f: {
  status: PaymentStatus;
  method: string;
  quoteExpired: boolean;
  builds: number;
  withinBudget: boolean;
}): ConfirmStep {
  const late = lateStatus(f.status) ?? (f.quoteExpired ? "quote_expired" : undefined);
  if (late && !WALLET_SENT.has(f.method)) return refuse(lateError(late, false));
  if (SERVICE_BUILT.has(f.method) && f.builds === 0)
    return refuse(
      new ApiError(
        "invalid_state",
        "No transaction was built for this option yet; ask for options again or fetch its build action",
      ),
    );
  if (SERVICE_PAID.has(f.method) && !f.withinBudget)
    return refuse(
      new ApiError(
        "fees_budget_exhausted",
        "This shop's network fees paid by the service are used up for today; ask for options again to pay with a transfer you send yourself",
      ),
    );
  return late ? { kind: "verify", late } : { kind: "verify" };
}

/**
 * Last, after trying to record the verified transfer: send it, or answer a repeat, or refuse. A late
 * transfer (known late before, or the payment closed while this confirm verified) is recorded as paid
 * late and refused with the reason; a record already there for another transfer is refused.
 */
export function judgeRecorded(f: {
  late?: Late;
  /** The payment's status after the attempt (effective: an expired pending payment reads expired). */
  status: PaymentStatus;
  /** The stored row's own status (a payment past its expiry still reads pending there). */
  rowStatus: PaymentStatus;
  paymentOptionId: string | null;
  optionId: string;
  recorded: boolean;
  /** The transfer of the submission on record, if any; and this confirm's, for one the wallet sent. */
  recordedTxHash?: string;
  walletTxHash?: string;
}): ConfirmStep {
  const lateNow = !f.late && !f.recorded ? lateStatus(f.status) : undefined;
  if (lateNow && f.walletTxHash !== undefined) return { kind: "record_late", late: lateNow };
  const late = f.late;
  if (late) {
    if (!f.recorded && f.recordedTxHash !== f.walletTxHash)
      return refuse(new ApiError("invalid_state", "Another transfer is already recorded for this payment"));
    return refuse(lateError(late, true));
  }
  if (!f.recorded && f.recordedTxHash !== undefined && f.rowStatus === "pending")
    return refuse(
      new ApiError("invalid_state", "A transfer is already recorded for this payment; the merchant resolves it"),
    );
  if (!f.recorded) {
    if (isRepeat({ status: f.status, optionId: f.paymentOptionId }, f.optionId)) return { kind: "answer" };
    return refuse(notPayable(f.status) ?? new ApiError("invalid_state", `This payment is already ${f.status}`));
  }
  return { kind: "send" };
}
