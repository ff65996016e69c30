import type { Hash, Hex } from "viem";
import { isNativeAsset, parseAssetId } from "../caip";
import type { WatchedBlock } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { evmClientFor } from "./evm-client";
import { evmBlockHash } from "./evm-block-hash";
import { rpcOrThrow } from "./rpc-errors";
import { addressOfTopic, MAX_RECIPIENT_TOPICS, TRANSFER_TOPIC, topicOf } from "./scan-evm-transfers";

/** Blocks read one by one at a time (native-coin transfers, or token transfers spread too wide). */
const READS_AT_ONCE = 16;

type TransferLog = { address: string; topics: Hex[]; blockNumber: Hex; blockHash: Hash; removed?: boolean };

/**
 * The canonical hash now of each block the finality watch's transfers were recorded in. Token
 * transfers: from the chain's own logs of them, one eth_getLogs over their span (the Transfer logs of
 * their tokens to their recipients), where a block read each cost one call per transfer on a chain
 * that mines a payment per block. A block whose transfer's log is not among them is left out: it
 * changed, or the transfer is gone, and the caller locates the transfer afresh. Native-coin
 * transfers, and token transfers spread over more than `maxSpan` blocks, are read block by block.
 * A read that fails leaves its blocks out.
 */
export async function transferBlockHashes(
  network: NetworkConfig,
  transfers: WatchedBlock[],
  maxSpan: bigint,
): Promise<Map<bigint, string>> {
  const tokens = transfers.filter((t) => !isNativeAsset(t.asset));
  const numbers = tokens.map((t) => t.blockNumber);
  const from = numbers.reduce((min, n) => (n < min ? n : min), numbers[0] ?? 0n);
  const to = numbers.reduce((max, n) => (n > max ? n : max), numbers[0] ?? 0n);
  const byLogs = tokens.length > 0 && to - from < maxSpan;
  const hashes = byLogs
    ? await logsOf(network, tokens, { from, to }).catch(() => new Map<bigint, string>())
    : new Map<bigint, string>();
  // Read block by block: native-coin transfers (no log to find), and every block when the logs were not asked.
  const oneByOne = transfers.filter((t) => !byLogs || isNativeAsset(t.asset)).map((t) => t.blockNumber);
  const pending = [...new Set(oneByOne)].filter((b) => !hashes.has(b));
  for (let i = 0; i < pending.length; i += READS_AT_ONCE)
    await Promise.all(
      pending.slice(i, i + READS_AT_ONCE).map(async (block) => {
        const hash = await evmBlockHash(network, block).catch(() => undefined);
        if (hash !== undefined) hashes.set(block, hash);
      }),
    );
  return hashes;
}

/** Block number -> hash of every block in `from`..`to` holding a Transfer log of one of the tokens to one of the recipients. */
async function logsOf(
  network: NetworkConfig,
  transfers: WatchedBlock[],
  { from, to }: { from: bigint; to: bigint },
): Promise<Map<bigint, string>> {
  const recipients = new Set(transfers.map((t) => t.recipient.toLowerCase()));
  const tokens = new Set(transfers.map((t) => parseAssetId(t.asset)?.assetReference.toLowerCase() ?? ""));
  tokens.delete("");
  const { publicClient } = evmClientFor(network);
  const found = (await rpcOrThrow("eth_getLogs(Transfer)", () =>
    publicClient.request({
      method: "eth_getLogs",
      params: [
        {
          address: [...tokens] as Hex[],
          topics: [TRANSFER_TOPIC, null, recipients.size <= MAX_RECIPIENT_TOPICS ? [...recipients].map(topicOf) : null],
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
        },
      ],
    }),
  )) as TransferLog[];
  const hashes = new Map<bigint, string>();
  for (const log of found) {
    if (log.removed || !tokens.has(log.address.toLowerCase())) continue;
    const recipient = addressOfTopic(log.topics[2])?.toLowerCase();
    if (recipient && recipients.has(recipient)) hashes.set(BigInt(log.blockNumber), log.blockHash);
  }
  return hashes;
}
