import { and, eq, sql } from "drizzle-orm";
import { parseTransaction, type Hex } from "viem";
import type { Db } from "@/db/client";
import { paymentSubmissions, type PaymentSubmission } from "@/db/schema";
import type { ChainAdapter, RelayFees, SignedRelay } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { transitionPayment } from "@/lib/payments/transition";
import { spendRelayNonce, syncRelayerNonce } from "@/lib/submissions/relayer-nonces";
import { releaseUnrecordedRelay, signRelay, type SignedRelayAtNonce } from "@/lib/submissions/sign-relay";
import { FIRST_CHECK_MS } from "@/lib/submissions/schedule";
import { openSubmission } from "@/lib/submissions/open-submission";

/** Nodes replace a pending transaction only for at least 10% more on both fees; 12.5% clears every client's rule. */
const bumped = (old: bigint, now: bigint) => (now > (old * 1125n) / 1000n + 1n ? now : (old * 1125n) / 1000n + 1n);

class LostRace extends Error {}

/**
 * Re-sign a recorded relay and send it, recording first as always. `bump`: the same nonce at
 * higher fees, for a relay the network holds but does not mine; the earlier version stays tracked,
 * since either may be mined. `renonce`: a new nonce, for a relay whose nonce something else used
 * (the key was used outside this service). Signed with no transaction open (a remote signer is I/O),
 * then recorded guarded by the version being replaced, so one instance replaces it; a renonce that
 * loses that race gives its new nonce back.
 */
export async function replaceRelay(
  db: Db,
  {
    adapter,
    network,
    submission,
    mode,
  }: { adapter: ChainAdapter; network: NetworkConfig; submission: PaymentSubmission; mode: "bump" | "renonce" },
) {
  const relayer = adapter.relayer;
  if (!relayer || !submission.rawTx || submission.relayNonce === null) return;
  const old = parseTransaction(submission.rawTx as Hex);
  if (!old.to || !old.data || !old.gas || old.maxFeePerGas === undefined || old.maxPriorityFeePerGas === undefined)
    return;
  const current = await relayer.fees(network);
  const fees: RelayFees =
    mode === "bump"
      ? {
          maxFeePerGas: bumped(old.maxFeePerGas, current.maxFeePerGas),
          maxPriorityFeePerGas: bumped(old.maxPriorityFeePerGas, current.maxPriorityFeePerGas),
        }
      : current;
  const call = { to: old.to, data: old.data, gasLimit: old.gas };
  let version: SignedRelay;
  let newNonce: SignedRelayAtNonce | undefined;
  if (mode === "bump") version = await relayer.sign(network, { call, nonce: submission.relayNonce, fees });
  else {
    await syncRelayerNonce(db, { network, relayer, force: true });
    newNonce = await signRelay(db, { paymentId: submission.paymentId, network, relayer, call, fees });
    version = newNonce.signed;
  }
  const nonce = newNonce?.nonce ?? submission.relayNonce;

  try {
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(paymentSubmissions)
        .set({
          txHash: version.txHash,
          rawTx: version.rawTx,
          relayNonce: nonce,
          replacedHashes:
            mode === "bump"
              ? sql`array_append(${paymentSubmissions.replacedHashes}, ${submission.txHash})`
              : sql`'{}'::text[]`,
          maxFeePerGas: fees.maxFeePerGas.toString(),
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
          sentAt: null,
          updatedAt: sql`now()`,
        })
        .where(openSubmission(submission.paymentId, submission.txHash))
        .returning({ paymentId: paymentSubmissions.paymentId });
      if (updated.length === 0) throw new LostRace();
      if (newNonce) await spendRelayNonce(tx, submission.paymentId, newNonce.nonce);
      await transitionPayment(tx, {
        name: "replace_tx",
        target: { id: submission.paymentId },
        changes: { txHash: version.txHash },
      });
    });
  } catch (err) {
    if (newNonce) await releaseUnrecordedRelay(db, adapter, newNonce);
    if (err instanceof LostRace) return;
    throw err;
  }
  await adapter.broadcast(network, version.rawTx, { preflight: false });
  await db
    .update(paymentSubmissions)
    .set({ sentAt: sql`now()`, nextCheckAt: sql`now() + make_interval(secs => ${FIRST_CHECK_MS / 1000})` })
    .where(and(eq(paymentSubmissions.paymentId, submission.paymentId), eq(paymentSubmissions.txHash, version.txHash)));
}
