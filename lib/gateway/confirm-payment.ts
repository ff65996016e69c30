import { z } from "zod";
import type { Db } from "@/db/client";
import { adapterFor } from "@/lib/chains/adapters";
import { ChainRpcError } from "@/lib/chains/chain-adapter";
import { SERVICE_PAID } from "@/lib/chains/transfer-methods";
import { namespaceOf } from "@/lib/chains/caip";
import { withinSponsoredBudget } from "@/lib/fees/sponsored-budget";
import { ApiError } from "@/lib/errors/api-error";
import { recordSubmission } from "@/lib/submissions/record-submission";
import { syncRelayerNonce } from "@/lib/submissions/relayer-nonces";
import { sendRecorded } from "@/lib/submissions/send-recorded";
import { releaseUnrecordedRelay, signRelay } from "@/lib/submissions/sign-relay";
import { intentOfOption } from "@/lib/payments/option-intent";
import { effectiveStatus } from "@/lib/payments/status";
import { withChainErrors } from "./chain-errors";
import { confirmResultsSchema, normalizeResults } from "./confirm-results";
import { optionOrThrow, quoteExpired } from "./find-option-or-throw";
import { loadConfirmContextOrThrow } from "./load-confirm-context";
import { toGatewayStatus } from "./gateway-views";
import { assertConfirmsLeft, countRefusedConfirm } from "./refused-confirms";
import { loadGatewayPaymentOrThrow, type GatewayPayment } from "./load-gateway-payment";
import { waitGatewayStatus } from "./wait-gateway-status";
import { buildsOf } from "./option-builds";
import {
  isRepeat,
  judgeConfirmOption,
  judgeConfirmStart,
  judgeRecorded,
  type ConfirmStep,
  type Late,
} from "./judge-confirm";

export const confirmBody = z
  .object({ optionId: z.string().min(1).max(64), results: confirmResultsSchema, collectedData: z.unknown().optional() })
  .meta({ id: "ConfirmPaymentRequest" });

/** A confirm that arrives after this option's confirm was recorded (a retry, a race) answers where the payment stands. */
function alreadyConfirmed(p: Pick<GatewayPayment, "status" | "payment">, optionId: string) {
  return isRepeat({ status: p.status, optionId: p.payment.optionId }, optionId) ? toGatewayStatus(p) : undefined;
}

/** Carry out a refusal or an answer; undefined means go on. */
function settle(step: ConfirmStep, p: Pick<GatewayPayment, "status" | "payment">) {
  if (step.kind === "refuse") throw step.error;
  return step.kind === "answer" ? toGatewayStatus(p) : undefined;
}

/**
 * What confirm answers: the result of confirming (below), held up to `maxPollMs` until the payment is
 * final when the wallet asked to wait.
 */
export async function confirmPayment(
  db: Db,
  {
    pathId,
    body,
    walletName,
    maxPollMs = 0,
  }: { pathId: string; body: z.infer<typeof confirmBody>; walletName: string | null; maxPollMs?: number },
) {
  const confirmed = await confirmOnce(db, { pathId, body, walletName });
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
async function confirmOnce(
  db: Db,
  { pathId, body, walletName }: { pathId: string; body: z.infer<typeof confirmBody>; walletName: string | null },
) {
  const context = await loadConfirmContextOrThrow(db, { pathId, optionId: body.optionId });
  const p = context.payment;
  const results = normalizeResults(body.results);
  const start = judgeConfirmStart({
    status: p.status,
    paymentOptionId: p.payment.optionId,
    optionId: body.optionId,
    results: results.length,
  });
  const answered = settle(start, p);
  if (answered) return answered;

  assertConfirmsLeft(context.refusals);
  const option = optionOrThrow(context.option);
  // Solana: the transactions built for this option (when offered, and at the latest fetch); the signed one must be one of them.
  const builds = buildsOf(option);
  const judged = judgeConfirmOption({
    status: p.status,
    method: option.method,
    quoteExpired: quoteExpired(option),
    builds: builds.length,
    // Read only where it matters: the service pays this option's fees.
    withinBudget:
      !SERVICE_PAID.has(option.method) ||
      (await withinSponsoredBudget(db, { id: p.payment.merchantId, currency: p.merchantCurrency })),
  });
  settle(judged, p);
  const late = judged.kind === "verify" ? judged.late : undefined;
  const adapter = adapterFor(namespaceOf(option.chainId));
  if (!adapter) throw new ApiError("invalid_state", "This option's network is no longer served");
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
      await syncRelayerNonce(db, { network: intent.network, relayer: adapter.relayer });
      const fees = await adapter.relayer.fees(intent.network);
      const relay = await signRelay(db, {
        paymentId: p.payment.id,
        network: intent.network,
        relayer: adapter.relayer,
        call: verified.call,
        fees,
      });
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
  }).catch(async (err: unknown) => {
    if (relay) await releaseUnrecordedRelay(db, adapter, relay);
    throw err;
  });
  // Another confirm recorded the payment's relay (which spent the nonce), or the payment closed: release it.
  if (relay && !outcome.recorded) await releaseUnrecordedRelay(db, adapter, relay);
  const facts = (o: typeof outcome, asLate?: Late) => ({
    late: asLate,
    status: effectiveStatus(o.payment),
    rowStatus: o.payment.status,
    paymentOptionId: o.payment.optionId,
    optionId: body.optionId,
    recorded: o.recorded,
    recordedTxHash: o.submission?.txHash,
    walletTxHash: verified.kind === "wallet_sent" ? verified.txHash : undefined,
  });
  let step = judgeRecorded(facts(outcome, late));
  if (step.kind === "record_late") {
    // Cancelled (or expired) while this confirm verified: a transfer the wallet sent is the merchant's
    // money all the same, so it is recorded as late rather than refused and forgotten.
    const lateNow = step.late;
    outcome = await recordSubmission(db, {
      paymentId: p.payment.id,
      option,
      intent,
      verified,
      walletName,
      relay,
      late: true,
    });
    step = judgeRecorded(facts(outcome, lateNow));
  }
  const answer = settle(step, { status: effectiveStatus(outcome.payment), payment: outcome.payment });
  if (answer) return answer;
  if (!outcome.recorded) throw new Error("confirm: a transfer not recorded reached the send");
  if (!nodeSilent) await sendRecorded(db, { adapter, network: intent.network, submission: outcome.submission });
  return toGatewayStatus({ status: "processing", payment: outcome.payment });
}
