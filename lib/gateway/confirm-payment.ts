import { z } from "zod";
import type { Db } from "@/db/client";
import { adapterFor } from "@/lib/chains/adapters";
import { ChainRpcError } from "@/lib/chains/chain-adapter";
import { namespaceOf } from "@/lib/chains/caip";
import { withinSponsoredBudget } from "@/lib/fees/sponsored-budget";
import { ApiError } from "@/lib/errors/api-error";
import { recordSubmission } from "@/lib/settlement/record-submission";
import { syncRelayerNonce } from "@/lib/settlement/relayer-nonces";
import { sendRecorded } from "@/lib/settlement/send-recorded";
import { effectiveStatus } from "@/lib/payments/status";
import { assertPayable } from "./assert-payable";
import { withChainErrors } from "./chain-errors";

import { confirmResultsSchema, normalizeResults } from "./confirm-results";
import { findOptionOrThrow, quoteExpired } from "./find-option-or-throw";
import { toGatewayStatus } from "./gateway-views";
import { assertConfirmsLeft, countRefusedConfirm } from "./refused-confirms";
import { loadGatewayPaymentOrThrow, type GatewayPayment } from "./load-gateway-payment";
import { waitGatewayStatus } from "./wait-gateway-status";
import { buildsOf } from "./option-builds";
import { intentOfOption } from "@/lib/payments/option-intent";
import { SERVICE_PAID, WALLET_SENT, SERVICE_BUILT } from "@/lib/chains/transfer-methods";

export const confirmBody = z
  .object({ optionId: z.string().min(1).max(64), results: confirmResultsSchema, collectedData: z.unknown().optional() })
  .meta({ id: "ConfirmPaymentRequest" });

// Every option of ours resolves to exactly one wallet action (typed data, a transfer, or one Solana transaction).
const ACTIONS_PER_OPTION = 1;

type Late = "payment_expired" | "quote_expired" | "cancelled";

const LATE_WHAT: Record<Late, string> = {
  payment_expired: "This payment has expired",
  quote_expired: "This option's quote has expired; ask for options again",
  cancelled: "This payment was cancelled",
};

function lateError(late: Late, recorded: boolean): ApiError {
  const what = LATE_WHAT[late];
  const code = late === "cancelled" ? "invalid_state" : late;
  // The merchant sees it as paid late and decides; the payment's status does not change.
  return new ApiError(
    code,
    recorded
      ? `${what}. Your transfer reached the merchant and is recorded as paid late for the merchant to resolve`
      : what,
  );
}

/** Why a transfer for this payment now comes too late: it expired or was cancelled (or, below, the option's quote expired). */
function lateStatus(status: GatewayPayment["status"]): Late | undefined {
  if (status === "expired") return "payment_expired";
  return status === "cancelled" ? "cancelled" : undefined;
}

/** A confirm that arrives after this option's confirm was recorded (a retry, a race) answers where the payment stands. */
function alreadyConfirmed(p: Pick<GatewayPayment, "status" | "payment">, optionId: string) {
  if (p.status === "pending" || p.status === "expired" || p.status === "cancelled" || p.payment.optionId !== optionId)
    return undefined;
  return toGatewayStatus(p);
}

/**
 * What confirm answers: the result of confirming (below), held up to `maxPollMs` until the payment is
 * final when the wallet asked to wait.
 */
export async function confirmPayment(
  db: Db,
  pathId: string,
  body: z.infer<typeof confirmBody>,
  walletName: string | null,
  maxPollMs = 0,
) {
  const confirmed = await confirmOnce(db, pathId, body, walletName);
  return confirmed.isFinal || maxPollMs === 0 ? confirmed : waitGatewayStatus(db, pathId, maxPollMs);
}

/**
 * Confirm (spec 4.5 step 3), as a durable state machine: verify the results against the stored
 * option (chain reads, no database transaction or lock held), record the transfer with everything
 * needed to finish it and move the payment to processing (one short transaction), then send it.
 * A crash at any point leaves either nothing sent or a record any instance's watcher finishes.
 * Concurrent confirms of one payment record once; a repeat of the one that won answers the
 * payment's current status, never a 422.
 */
async function confirmOnce(db: Db, pathId: string, body: z.infer<typeof confirmBody>, walletName: string | null) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  const results = normalizeResults(body.results);
  if (results.length !== ACTIONS_PER_OPTION) {
    throw new ApiError(
      "invalid_params",
      `results must hold ${ACTIONS_PER_OPTION} entry per action of the option, in order; got ${results.length}`,
      [{ field: "results", message: "length does not match the option's actions" }],
    );
  }
  const answered = alreadyConfirmed(p, body.optionId);
  if (answered) return answered;
  if (!lateStatus(p.status)) assertPayable(p.status);

  await assertConfirmsLeft(db, p.payment.id);
  const option = await findOptionOrThrow(db, p.payment.id, body.optionId, new Date(), "allow");
  // Too late for this option. Nothing moved yet when the service sends the transfer (EIP-3009, Solana):
  // refuse. A transfer the wallet sent itself has reached the merchant: verify it and record it.
  const late = lateStatus(p.status) ?? (quoteExpired(option) ? "quote_expired" : undefined);
  if (late && !WALLET_SENT.has(option.method)) throw lateError(late, false);
  const adapter = adapterFor(namespaceOf(option.chainId));
  if (!adapter) throw new ApiError("invalid_state", "This option's network is no longer served");
  // Solana: the transactions built for this option (when offered, and at the latest fetch); the signed one must be one of them.
  const builds = buildsOf(option);
  if (SERVICE_BUILT.has(option.method) && builds.length === 0) {
    throw new ApiError(
      "invalid_state",
      "No transaction was built for this option yet; ask for options again or fetch its build action",
    );
  }
  if (
    SERVICE_PAID.has(option.method) &&
    !(await withinSponsoredBudget(db, { id: p.payment.merchantId, currency: p.merchantCurrency }))
  ) {
    throw new ApiError(
      "fees_budget_exhausted",
      "This shop's network fees paid by the service are used up for today; ask for options again to pay with a transfer you send yourself",
    );
  }
  const intent = intentOfOption(option);

  let prepared;
  try {
    prepared = await withChainErrors(async () => {
      const verified = await adapter.verify(intent, results, { builds, notBefore: p.payment.createdAt });
      // Bytes the network would refuse (an empty buyer key, an expired blockhash) are refused here, before
      // anything is recorded: the payment never shows processing, nor announces it, for a transfer that cannot land.
      // A node that does not answer is no verdict: the transfer is recorded, and the watcher sends it (its
      // send's preflight decides) rather than this confirm waiting on the silent node a second time.
      const nodeSilent =
        verified.kind === "cosigned" && adapter.simulate
          ? await adapter.simulate(intent.network, verified.rawTx).then(
              () => false,
              (err: unknown) => {
                if (!(err instanceof ChainRpcError)) throw err;
                return true;
              },
            )
          : false;
      if (verified.kind !== "relay") return { verified, relay: undefined, nodeSilent };
      if (!adapter.relayer) throw new ApiError("invalid_state", "This network has no relayer");
      await syncRelayerNonce(db, intent.network, adapter.relayer);
      const relay = { relayer: adapter.relayer, fees: await adapter.relayer.fees(intent.network) };
      return { verified, relay, nodeSilent: false };
    });
  } catch (err) {
    // A concurrent confirm of this option may have recorded and sent the transfer while this one
    // verified it (the token then calls the authorization used): that transfer is ours, not a 422.
    if (err instanceof ApiError && err.code === "verification_failed") {
      const answer = alreadyConfirmed(await loadGatewayPaymentOrThrow(db, pathId), body.optionId);
      if (answer) return answer;
      await countRefusedConfirm(db, p.payment.id);
    }
    throw err;
  }
  const { verified, relay, nodeSilent } = prepared;

  let outcome = await recordSubmission(db, {
    paymentId: p.payment.id,
    option,
    intent,
    verified,
    walletName,
    relay,
    late: late !== undefined,
  });
  // Cancelled (or expired) while this confirm verified: a transfer the wallet sent is the merchant's
  // money all the same, so it is recorded as late rather than refused and forgotten.
  const lateNow = !late && !outcome.recorded ? lateStatus(effectiveStatus(outcome.payment)) : undefined;
  if (lateNow && verified.kind === "wallet_sent") {
    outcome = await recordSubmission(db, {
      paymentId: p.payment.id,
      option,
      intent,
      verified,
      walletName,
      relay,
      late: true,
    });
    if (!outcome.recorded && outcome.submission?.txHash !== verified.txHash)
      throw new ApiError("invalid_state", "Another transfer is already recorded for this payment");
    throw lateError(lateNow, true);
  }
  if (late) {
    if (
      !outcome.recorded &&
      outcome.submission?.txHash !== (verified.kind === "wallet_sent" ? verified.txHash : undefined)
    ) {
      throw new ApiError("invalid_state", "Another transfer is already recorded for this payment");
    }
    throw lateError(late, true);
  }
  if (!outcome.recorded && outcome.submission && outcome.payment.status === "pending") {
    throw new ApiError("invalid_state", "A transfer is already recorded for this payment; the merchant resolves it");
  }
  if (!outcome.recorded) {
    const current = { status: effectiveStatus(outcome.payment), payment: outcome.payment };
    const same = alreadyConfirmed(current, body.optionId);
    if (same) return same;
    assertPayable(current.status);
    throw new ApiError("invalid_state", `This payment is already ${current.status}`);
  }
  if (!nodeSilent) await sendRecorded(db, adapter, intent.network, outcome.submission);
  return toGatewayStatus({ status: "processing", payment: outcome.payment });
}
