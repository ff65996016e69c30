import type { PublicKey } from "@solana/web3.js";
import type { Observation, PaidFee, Tracked } from "@/lib/chains/chain-adapter";
import { accountTransferOf } from "./account-transfer";
import { balanceChange } from "./balance-change";
import { tokenAccountsOf } from "./build-transfer-transaction";
import { readTransaction, type LandedTransaction } from "./read-transaction";
import { signatureStatus } from "./signature-statuses";
import { solanaConnection, solanaRpc } from "./solana-connection";
import type { NetworkConfig } from "../network-config";
import type { SolanaTransfer } from "./solana-transfer";

const FINALIZED_DEPTH = 32;

// Block times are the leader's estimate of when the slot began, in whole seconds, and may lag the
// service's clock. The reference key, unique to the payment, is what binds the transaction to it;
// this margin only keeps the "not before" check from failing a payment over clock skew.
const BLOCK_TIME_SKEW_SECONDS = 60;

/** What the merchant received: the rise of its token account of the mint, or of its own lamports for SOL. */
function merchantReceived(tx: LandedTransaction, transfer: SolanaTransfer, tokenProgram: PublicKey | null) {
  const { mint } = transfer;
  if (!mint || !tokenProgram) return balanceChange(tx, transfer.recipient, null);
  return balanceChange(tx, tokenAccountsOf({ ...transfer, mint }, tokenProgram).destination, mint);
}

/** The account, when this transaction brought it into existence, with the lamports put into it (its rent). */
function createdAccount(tx: LandedTransaction, account: PublicKey): { account: string; lamports: bigint } | undefined {
  const index = tx.keys.findIndex((key) => key.equals(account));
  const before = tx.meta?.preBalances[index];
  const after = tx.meta?.postBalances[index];
  if (index < 0 || before === undefined || after === undefined || before !== 0n || after <= 0n) return undefined;
  return { account: account.toBase58(), lamports: after };
}

/** The transaction's fee when the service's fee payer paid it (it signs first, so it is key 0). */
function feesOf(tx: LandedTransaction, txHash: string, feePayer: PublicKey): PaidFee[] {
  if (!tx.meta || !tx.keys[0]?.equals(feePayer)) return [];
  return [{ kind: "network_fee", txHash, amount: tx.meta.fee }];
}

/**
 * Where a recorded payment transaction stands. Confirmed only when its status reaches the required
 * depth (1: "confirmed"; more: "finalized"), it succeeded, the recipient's token account of the mint
 * (SOL: the recipient itself) rose by exactly the amount, it carries the payment's reference key, and its block time is no
 * earlier than `notBefore` (less a minute of clock skew); it reports the merchant's token account when
 * the service's fee payer funded its creation. Failed when it failed on chain, moved
 * anything else or landed too early. Unknown while the network has no status for it, and
 * `expired` once its blockhash has expired unlanded (then it never can land).
 */
export async function observeSignature(
  network: NetworkConfig,
  context: {
    transfer: SolanaTransfer;
    tokenProgram: PublicKey | null;
    tracked: Tracked;
    requiredDepth: number;
    feePayer: PublicKey;
    /** The intent's asset (CAIP-19): the transfer found is reported as the ledger records it. */
    asset: string;
  },
): Promise<Observation> {
  const { transfer, tokenProgram, tracked } = context;
  const connection = solanaConnection(network);
  const txHash = tracked.txHashes[0]!;
  const { lastValidBlockHeight, notBefore } = tracked;
  let status = await signatureStatus(connection, txHash);
  if (!status) {
    if (lastValidBlockHeight === undefined) return { state: "unknown", nonceUsed: false, expired: false };
    const height = await solanaRpc("getBlockHeight", () => connection.getBlockHeight("confirmed"));
    if (height <= lastValidBlockHeight) return { state: "unknown", nonceUsed: false, expired: false };
    // It may have landed between the two reads; after this one it no longer can.
    status = await signatureStatus(connection, txHash);
    if (!status) return { state: "unknown", nonceUsed: false, expired: true };
  }
  if (status.err) {
    // A failed transaction still cost its fee: read it (only on this rare path) so it is counted.
    const failed = await readTransaction(network, txHash);
    return {
      state: "failed",
      reason: `transaction failed on chain: ${JSON.stringify(status.err)}`,
      fees: failed ? feesOf(failed, txHash, context.feePayer) : [],
    };
  }
  const finalized = status.confirmationStatus === "finalized";
  if (!finalized && !(context.requiredDepth <= 1 && status.confirmationStatus === "confirmed"))
    return { state: "pending", mined: true };

  const tx = await readTransaction(network, txHash);
  if (!tx?.meta) return { state: "pending", mined: true }; // the status can run ahead of the node serving the transaction
  const fees = feesOf(tx, txHash, context.feePayer);
  if (tx.meta.err)
    return { state: "failed", reason: `transaction failed on chain: ${JSON.stringify(tx.meta.err)}`, fees };
  if (!tx.keys.some((key) => key.equals(transfer.reference))) {
    return { state: "failed", reason: "transaction does not carry this payment's reference", fees };
  }
  const received = merchantReceived(tx, transfer, tokenProgram);
  if (received !== transfer.amount) {
    return {
      state: "failed",
      reason: `recipient received ${received} base units of ${transfer.mint?.toBase58() ?? "SOL"}, expected ${transfer.amount}`,
      fees,
    };
  }
  if (tx.blockTime == null) return { state: "pending", mined: true };
  if (tx.blockTime < Math.floor(notBefore.getTime() / 1000) - BLOCK_TIME_SKEW_SECONDS) {
    return { state: "failed", reason: "transaction landed before the payment was created", fees };
  }
  const confirmations = finalized ? FINALIZED_DEPTH : (status.confirmations ?? 0) + 1;
  const { mint } = transfer;
  const sponsored =
    transfer.rentPayer === "service" && mint && tokenProgram
      ? createdAccount(tx, tokenAccountsOf({ ...transfer, mint }, tokenProgram).destination)
      : undefined;
  const rent: PaidFee[] = sponsored ? [{ kind: "rent", txHash, amount: sponsored.lamports }] : [];
  // What the ledger would record of it: the same reading of the same transaction (the fee payer's
  // costs are the watcher's to record here, so none go with it).
  const found = accountTransferOf(tx, {
    signature: txHash,
    watch: { recipient: transfer.recipient.toBase58(), asset: context.asset },
  });
  return {
    state: "confirmed",
    txHash,
    confirmations,
    fees: [...fees, ...rent],
    ...(sponsored ? { sponsored } : {}),
    ...(found ? { transfer: found } : {}),
  };
}
