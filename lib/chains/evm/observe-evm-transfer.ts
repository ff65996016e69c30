import {
  getAddress,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import { isNativeAsset } from "../caip";
import type { ObservedTransfer, Observation, PaidFee, Tracked, TransferIntent } from "../chain-adapter";
import { addressOrThrow, evmClientFor, sameAddress, tokenAddressOf } from "./evm-client";
import { findAuthorizationUse } from "./find-authorization-use";
import { rpcOrThrow } from "./rpc-errors";
import { addressOfTopic, referencesOf, TRANSFER_TOPIC } from "./scan-evm-transfers";

/** Block timestamps are the producer's and may lag the service's clock (an L2 sequencer, drift). */
const BLOCK_TIME_SKEW_SECONDS = 60;

async function receiptOf(client: PublicClient, hash: string): Promise<TransactionReceipt | undefined> {
  try {
    return await client.getTransactionReceipt({ hash: hash as Hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return undefined;
    return rpcOrThrow("eth_getTransactionReceipt", () => Promise.reject(error));
  }
}

/** The first mined version among `hashes` (a relay's fee bumps share one nonce: at most one is mined). */
async function firstReceipt(client: PublicClient, hashes: string[]): Promise<TransactionReceipt | undefined> {
  for (const hash of hashes) {
    const receipt = await receiptOf(client, hash);
    if (receipt) return receipt;
  }
  return undefined;
}

async function isKnown(client: PublicClient, hash: string): Promise<boolean> {
  try {
    await client.getTransaction({ hash: hash as Hash });
    return true;
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return false;
    return rpcOrThrow("eth_getTransactionByHash", () => Promise.reject(error));
  }
}

/**
 * Where a recorded EVM transfer stands. Confirmed only when a receipt succeeded, carries a
 * `Transfer` log of the token from the payer to the recipient for exactly the amount (the native
 * coin: the transaction sends exactly the amount from the payer to the recipient), is
 * `network.confirmations` deep, its block is still the canonical block at that height (a reorg
 * re-checks instead of crediting), and that block is no older than `notBefore`. With no receipt:
 * pending while the node knows the transaction; otherwise unknown, with whether the sender's
 * nonce has moved past it (then it can never be mined); at the watcher's first look, pending
 * (`Tracked.firstLook`). A relay that reverted or lost its nonce is
 * looked up by its authorization: whoever used it, the transfer it made is the payment's.
 */
export async function observeEvmTransfer(intent: TransferIntent, tracked: Tracked): Promise<Observation> {
  const { publicClient } = evmClientFor(intent.network);
  const receipt = await firstReceipt(publicClient, tracked.txHashes);
  if (receipt) return judge(intent, { tracked, receipt });
  if (tracked.firstLook || (await isKnown(publicClient, tracked.txHashes[0]!)))
    return { state: "pending", mined: false };

  const sender = tracked.kind === "relay" ? tracked.relayer : intent.payer;
  const nonce = tracked.kind === "relay" ? tracked.relayNonce : tracked.payerNonce;
  if (sender === undefined || nonce === undefined) return { state: "unknown", nonceUsed: false, expired: false };
  const mined = await rpcOrThrow("eth_getTransactionCount", () =>
    publicClient.getTransactionCount({ address: addressOrThrow(sender, "sender"), blockTag: "latest" }),
  );
  if (mined <= nonce) return { state: "unknown", nonceUsed: false, expired: false };
  // The nonce moved on: one of ours may have been mined between the two reads.
  const late = await firstReceipt(publicClient, tracked.txHashes);
  if (late) return judge(intent, { tracked, receipt: late });
  if (tracked.kind === "relay") {
    const used = await findAuthorizationUse(intent);
    if (used) return judge(intent, { tracked, receipt: used });
  }
  return { state: "unknown", nonceUsed: true, expired: false };
}

/** The gas our relayer paid for a mined transaction (none when someone else sent it). */
function relayerFees(tracked: Tracked, receipt: TransactionReceipt): PaidFee[] {
  if (tracked.kind !== "relay" || !tracked.relayer || !sameAddress(receipt.from, tracked.relayer)) return [];
  return [
    { kind: "network_fee", txHash: receipt.transactionHash, amount: receipt.gasUsed * receipt.effectiveGasPrice },
  ];
}

/** What a successful receipt shows of the intent's transfer: where it sits and who sent it, or why it is not there. */
type Found = { position: number; sender: string } | { missing: string };

/**
 * The intent's transfer in a successful receipt: a token's `Transfer` log from the payer to the
 * recipient for exactly the amount (its place in the receipt's logs, as the ledger counts them), or
 * for the native coin the transaction itself sending exactly the amount from the payer to the
 * recipient (it succeeded, so the value moved; position -1, as the ledger records a value transfer).
 */
async function paidTransfer(intent: TransferIntent, receipt: TransactionReceipt): Promise<Found> {
  const payer = addressOrThrow(intent.payer, "payer");
  const recipient = addressOrThrow(intent.recipient, "recipient");
  if (isNativeAsset(intent.token.caip19)) {
    const { publicClient } = evmClientFor(intent.network);
    const tx = await rpcOrThrow("eth_getTransactionByHash", () =>
      publicClient.getTransaction({ hash: receipt.transactionHash }),
    );
    if (sameAddress(tx.from, payer) && sameAddress(tx.to, recipient) && tx.value === intent.amount)
      return { position: -1, sender: getAddress(tx.from) };
    return {
      missing: `the transaction does not send ${intent.amount} wei of ${intent.token.symbol} from the payer to the recipient`,
    };
  }
  const token = tokenAddressOf(intent.network, intent.token);
  const position = receipt.logs.findIndex(
    (log) =>
      log.topics[0] === TRANSFER_TOPIC &&
      sameAddress(log.address, token) &&
      sameAddress(addressOfTopic(log.topics[1]), payer) &&
      sameAddress(addressOfTopic(log.topics[2]), recipient) &&
      BigInt(log.data) === intent.amount,
  );
  if (position < 0)
    return {
      missing: `no ${intent.token.symbol} Transfer of ${intent.amount} from the payer to the recipient in the transaction`,
    };
  return { position, sender: addressOfTopic(receipt.logs[position]!.topics[1])! };
}

/**
 * The time of the receipt's block, undefined when that block is no longer the canonical one at its
 * height. After a separate depth read (`depthRead`), the block is read again: a reorg in between means the
 * transaction must be found again before it counts. At depth 1 the receipt, just read, is the chain's
 * word on its block, and a node that stamps its logs with their block's time (anvil, geth) saves the
 * read; the finality watch follows the transfer from there like any other.
 */
async function canonicalBlockTime(
  client: PublicClient,
  { receipt, position, depthRead }: { receipt: TransactionReceipt; position: number; depthRead: boolean },
): Promise<bigint | undefined> {
  const stamped = position >= 0 ? receipt.logs[position]?.blockTimestamp : undefined;
  if (!depthRead && typeof stamped === "bigint") return stamped;
  const block = await rpcOrThrow("eth_getBlockByNumber", () => client.getBlock({ blockNumber: receipt.blockNumber }));
  return block.hash === receipt.blockHash ? block.timestamp : undefined;
}

async function judge(
  intent: TransferIntent,
  { tracked, receipt, earlierFees = [] }: { tracked: Tracked; receipt: TransactionReceipt; earlierFees?: PaidFee[] },
): Promise<Observation> {
  const { publicClient } = evmClientFor(intent.network);
  const fees = [...earlierFees, ...relayerFees(tracked, receipt)];
  if (receipt.status !== "success") {
    // Someone else may have relayed the same authorization first (anyone holding the signature can):
    // then the money moved in their transaction, and ours reverted (its gas is still ours to count).
    const used = tracked.kind === "relay" ? await findAuthorizationUse(intent) : undefined;
    if (used && used.transactionHash !== receipt.transactionHash && used.status === "success")
      return judge(intent, { tracked, receipt: used, earlierFees: fees });
    return { state: "failed", reason: "transaction reverted", fees };
  }
  const found = await paidTransfer(intent, receipt);
  if ("missing" in found) return { state: "failed", reason: found.missing, fees };

  let confirmations = 1;
  if (intent.network.confirmations > 1) {
    const latest = await rpcOrThrow("eth_blockNumber", () => publicClient.getBlockNumber({ cacheTime: 0 }));
    confirmations = Number(latest - receipt.blockNumber + 1n);
    if (confirmations < intent.network.confirmations) return { state: "pending", mined: true };
  }
  const timestamp = await canonicalBlockTime(publicClient, {
    receipt,
    position: found.position,
    depthRead: intent.network.confirmations > 1,
  });
  if (timestamp === undefined) return { state: "pending", mined: false };
  // The reference in the transfer is what binds it to the payment; this only refuses what is plainly
  // older, with a margin for block timestamps that run behind the service's clock.
  const notBefore = Math.floor(tracked.notBefore.getTime() / 1000) - BLOCK_TIME_SKEW_SECONDS;
  if (timestamp < BigInt(notBefore)) return { state: "failed", reason: "mined before the payment was created", fees };
  // What the ledger's scan would record of it, so the watcher records it and the scan need not read it again.
  const transfer: ObservedTransfer = {
    txHash: receipt.transactionHash,
    position: found.position,
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    blockTime: new Date(Number(timestamp) * 1000),
    sender: found.sender,
    recipient: getAddress(intent.recipient),
    asset: intent.token.caip19,
    amount: intent.amount,
    references: referencesOf("0x", receipt),
  };
  return { state: "confirmed", txHash: receipt.transactionHash, confirmations, fees, transfer };
}
