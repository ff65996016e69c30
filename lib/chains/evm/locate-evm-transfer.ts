import { TransactionReceiptNotFoundError, type Hash } from "viem";
import { minedIn, type ChainTip, type LocatedTransfer, type RecordedTransfer } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { evmClientFor, sameAddress, tokenAddressOf } from "./evm-client";
import { rpcOrThrow } from "./rpc-errors";
import { TRANSFER_TOPIC } from "./scan-evm-transfers";

/** Without a finalized tag or a configured finalityDepth, a block this deep is taken as final. */
const DEFAULT_FINALITY_DEPTH = 64n;

/** The newest block number, never from a cache. */
export async function evmChainHead(network: NetworkConfig): Promise<bigint> {
  const { publicClient } = evmClientFor(network);
  return rpcOrThrow("eth_blockNumber", () => publicClient.getBlockNumber({ cacheTime: 0 }));
}

/**
 * The head and the newest final block: `network.finalityDepth` blocks deep when configured, else the
 * node's `finalized` block (a node without the tag: 64 deep). Read once per pass for all transfers.
 */
export async function evmChainTip(network: NetworkConfig): Promise<ChainTip> {
  const { publicClient } = evmClientFor(network);
  const head = await evmChainHead(network);
  const depth =
    network.finalityDepth === undefined || network.finalityDepth === null ? undefined : BigInt(network.finalityDepth);
  if (depth !== undefined) return { head, finalized: head - depth + 1n };
  try {
    const block = await publicClient.getBlock({ blockTag: "finalized" });
    return { head, finalized: block.number ?? head - DEFAULT_FINALITY_DEPTH };
  } catch {
    return { head, finalized: head - DEFAULT_FINALITY_DEPTH };
  }
}

/**
 * Where a transfer recorded in the ledger stands now: in a canonical block (which may have changed
 * since: a reorg that mined the transaction again), how deep and whether final; or missing, when the
 * chain no longer holds a successful transaction with that transfer at that position (reorged out,
 * or mined again but reverted).
 */
export async function locateEvmTransfer(
  network: NetworkConfig,
  transfer: RecordedTransfer,
  tip: ChainTip,
): Promise<LocatedTransfer> {
  const { publicClient } = evmClientFor(network);
  let receipt;
  try {
    receipt = await publicClient.getTransactionReceipt({ hash: transfer.txHash as Hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return { state: "missing" };
    return rpcOrThrow("eth_getTransactionReceipt", () => Promise.reject(error));
  }
  if (receipt.status !== "success") return { state: "missing" };
  if (transfer.position >= 0) {
    const log = receipt.logs[transfer.position];
    const token = network.tokens.find((t) => t.caip19 === transfer.asset);
    if (
      !log ||
      !token ||
      log.topics[0] !== TRANSFER_TOPIC ||
      !sameAddress(log.address, tokenAddressOf(network, token)) ||
      !sameAddress(`0x${log.topics[2]?.slice(26) ?? ""}`, transfer.recipient) ||
      BigInt(log.data) !== transfer.amount
    )
      return { state: "missing" };
  }
  return minedIn(receipt, tip);
}
