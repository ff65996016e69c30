import type { Db } from "@/db/client";
import type { PaymentSubmission } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { loadNetworks } from "@/lib/chains/load-networks";
import { namespaceOf } from "@/lib/chains/caip";
import type { ChainAdapter, Observation, PaidFee, Tracked, TransferIntent } from "@/lib/chains/chain-adapter";
import { createNetworkSlots } from "@/lib/concurrency/network-slots";
import { env } from "@/lib/env";
import type { FeeOwner, FeesPaid } from "@/lib/fees/record-service-fees";
import { intentOfOption } from "@/lib/payments/option-intent";
import { ledgerSaysSince } from "@/lib/ledger/ledger-coverage";
import { isDraining } from "@/lib/lifecycle/lifecycle-host";
import { trackWork } from "@/lib/lifecycle/track-work";
import { log } from "@/lib/log";
import { claimDueSubmissions, type DueSubmission } from "./claim-due-submissions";
import { finishInBatch } from "./finish-queue";
import { finishLateTransfer, rescheduleSubmission } from "./finish-submission";
import { fillNonceGaps } from "./fill-nonce-gaps";
import { nextStep, type StepFacts } from "./next-step";
import { replaceRelay } from "./replace-relay";
import { noteFirstLook } from "@/lib/submissions/first-check-delay";
import { CLAIM_LEASE_MS, nextCheckDelayMs } from "@/lib/submissions/schedule";

/**
 * Submissions of one network looked at on chain by this process at most. A pass claims only as many
 * as are free, per network, so no claimed row waits behind others, and passes go on while slow
 * checks run: checks stuck on a network whose RPC stalls hold that network's slots, never another's.
 */
const MAX_IN_FLIGHT_PER_NETWORK = 32;
/** Slot key of submissions on networks the configuration no longer names (each such check fails and backs off). */
const OTHER_NETWORKS = "other";
/**
 * A check ends within this, whatever its RPC calls do (they are aborted then): before its row's
 * lease runs out and another pass, here or on another instance, may claim the row again. The
 * margin leaves time to write what the check saw.
 */
const CHECK_DEADLINE_MS = CLAIM_LEASE_MS - 5_000;
const slots = createNetworkSlots(MAX_IN_FLIGHT_PER_NETWORK);

/**
 * One pass of the settlement watcher: claim the submissions that are due (any instance may run
 * passes at the same time), look at each on its chain with no database transaction open, and
 * write what was seen: final, or when to look again. Returns how many rows it claimed; with
 * `wait` (tests, benchmarks) once their checks are done, else at once.
 */
export async function checkDueSubmissions(db: Db, options: { wait: boolean } = { wait: true }): Promise<number> {
  // A process shutting down claims nothing more; the checks it runs are work its shutdown waits for.
  if (isDraining()) return 0;
  const perChain = new Map(loadNetworks().map((n) => [n.chainId, slots.free(n.chainId)]));
  const others = slots.free(OTHER_NETWORKS);
  if (others === 0 && ![...perChain.values()].some((free) => free > 0)) return 0;
  const due = await claimDueSubmissions(db, { perChain, others });
  const checks = due.map((row) => {
    const key = perChain.has(row.submission.chainId) ? row.submission.chainId : OTHER_NETWORKS;
    return trackWork("check", row.submission.paymentId, () =>
      slots.run(key, CHECK_DEADLINE_MS, () => checkOne(db, row)),
    ).catch((err: unknown) => {
      // Its RPC calls are aborted; the row is due again when its lease runs out.
      log.warn({ job: "watcher", paymentId: row.submission.paymentId, err: String(err) }, "check abandoned");
    });
  });
  if (options.wait) await Promise.all(checks);
  return due.length;
}

function trackedOf({ submission, paymentCreatedAt }: DueSubmission): Tracked {
  return {
    kind: submission.kind,
    txHashes: [submission.txHash, ...submission.replacedHashes],
    payerNonce: submission.payerNonce ?? undefined,
    relayer: submission.relayer ?? undefined,
    relayNonce: submission.relayNonce ?? undefined,
    lastValidBlockHeight: submission.lastValidBlockHeight ?? undefined,
    notBefore: paymentCreatedAt,
    // The claim counted this check (the first is 1). Under a burst a receipt is often not there yet at
    // the first check: that look costs one call, not two.
    firstLook: submission.checks === 1,
  };
}

async function checkOne(db: Db, due: DueSubmission): Promise<void> {
  const { submission } = due;
  const later = () =>
    rescheduleSubmission(db, {
      paymentId: submission.paymentId,
      delayMs: nextCheckDelayMs(submission.checks),
      unseen: "keep",
    });
  try {
    const adapter = adapterFor(namespaceOf(submission.chainId));
    if (!adapter) throw new Error(`no adapter for ${submission.chainId}`);
    const offered = intentOfOption(due.option);
    // A wallet that changed the amount: watch for what its transfer carries.
    const intent =
      submission.receivedAmount === null ? offered : { ...offered, amount: BigInt(submission.receivedAmount) };
    const seen = await adapter.observe(intent, trackedOf(due));
    // The first look at what this service sent (send-recorded.ts scheduled it): teaches when to look next time.
    if (submission.checks === 1 && submission.sentAt !== null)
      noteFirstLook(submission.chainId, seen.state === "unknown" || (seen.state === "pending" && !seen.mined));
    if (submission.late && (seen.state === "confirmed" || seen.state === "failed")) {
      const landed = seen.state === "confirmed";
      return finishLateTransfer(
        db,
        { paymentId: submission.paymentId, option: due.option },
        landed
          ? {
              landed,
              txHash: seen.txHash,
              amount: intent.amount,
              symbol: intent.token.symbol,
              decimals: intent.token.decimals,
            }
          : { landed, reason: seen.reason },
      );
    }
    const owner = { merchantId: due.merchantId, currency: due.merchantCurrency };
    await act(db, { adapter, intent, offered: offered.amount, submission, seen, owner });
  } catch (err) {
    // An unreachable chain (or a network taken out of the configuration) leaves the payment
    // processing; it is looked at again later, backing off like any other check.
    log.warn({ job: "watcher", paymentId: submission.paymentId, err: String(err) }, "check failed");
    await later().catch(() => {});
  }
}

/** Carry out the watcher's decision (lib/settlement/next-step.ts) for one submission. */
async function act(
  db: Db,
  {
    adapter,
    intent,
    offered,
    submission,
    seen,
    owner,
  }: {
    adapter: ChainAdapter;
    intent: TransferIntent;
    offered: bigint;
    submission: PaymentSubmission;
    seen: Observation;
    owner: FeeOwner;
  },
): Promise<void> {
  const id = submission.paymentId;
  const settings = env();
  const facts: StepFacts = {
    submission,
    amount: intent.amount,
    offered,
    validBefore: intent.validBefore,
    seen,
    now: new Date(),
    settings: {
      processingDeadlineS: settings.PROCESSING_DEADLINE_S,
      droppedTxTimeoutS: settings.DROPPED_TX_TIMEOUT_S,
      relayBumpAfterS: settings.RELAY_BUMP_AFTER_S,
    },
  };
  let step = nextStep(facts);
  if (step.kind === "ask_ledger")
    step = nextStep({
      ...facts,
      ledger: await ledgerSaysSince(db, { chainId: submission.chainId, paymentId: id, since: step.since }),
    });
  const delay = nextCheckDelayMs(submission.checks);
  switch (step.kind) {
    case "finish":
      // Grouped with the other payments this process sees land at the same time: one transaction.
      return finishInBatch(db, id, {
        ...step.outcome,
        ...(step.outcome.status === "succeeded" && seen.state === "confirmed" ? { sponsored: seen.sponsored } : {}),
        fees: seen.state === "confirmed" || seen.state === "failed" ? feesOf(intent, seen, owner) : undefined,
        ...(seen.state === "confirmed" && seen.transfer
          ? {
              landed: {
                chainId: submission.chainId,
                transfer: seen.transfer,
                optionId: submission.optionId,
                merchantId: owner.merchantId,
              },
            }
          : {}),
      });
    case "reschedule":
      if (step.unblock) await unblockRelay(db, { adapter, intent, submission, how: step.unblock });
      return rescheduleSubmission(db, { paymentId: id, delayMs: delay, unseen: step.unseen });
    case "renonce":
      await replaceRelay(db, { adapter, network: intent.network, submission, mode: "renonce" });
      return rescheduleSubmission(db, { paymentId: id, delayMs: delay, unseen: "clear" });
    case "resend":
      await adapter.broadcast(intent.network, submission.rawTx!, { preflight: false });
      if (step.unblock) await unblockRelay(db, { adapter, intent, submission, how: step.unblock });
      return rescheduleSubmission(db, { paymentId: id, delayMs: delay, unseen: "now" });
    case "ask_ledger":
      // The ledger answered above; a second ask cannot come back.
      return rescheduleSubmission(db, { paymentId: id, delayMs: delay, unseen: "keep" });
  }
}

function feesOf(intent: TransferIntent, seen: { fees?: PaidFee[] }, owner: FeeOwner): FeesPaid | undefined {
  return seen.fees?.length ? { network: intent.network, paid: seen.fees, owner } : undefined;
}

/** Fill nonce gaps below a waiting relay (nobody else will), and for a stuck one re-send it at a higher fee with the same nonce. */
async function unblockRelay(
  db: Db,
  {
    adapter,
    intent,
    submission,
    how,
  }: { adapter: ChainAdapter; intent: TransferIntent; submission: PaymentSubmission; how: "fill" | "fill_and_bump" },
): Promise<void> {
  await fillNonceGaps(db, { adapter, network: intent.network, nonce: submission.relayNonce! });
  if (how === "fill_and_bump") await replaceRelay(db, { adapter, network: intent.network, submission, mode: "bump" });
}
