import type { Hash, Hex } from "viem";
import { isNativeAsset, parseAssetId } from "../caip";
import type { WatchedBlock } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { evmClientFor } from "./evm-client";
import { evmBlockHash } from "./evm-block-hash";
import { rpcOrThrow } from "./rpc-errors";
import { MAX_RECIPIENT_TOPICS, TRANSFER_TOPIC, topicOf } from "./scan-evm-transfers";

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
  const hashes = new Map<bigint, string>();
  const tokens = transfers.filter((t) => !isNativeAsset(t.asset));
  const blocks = (list: WatchedBlock[]) => list.map((t) => t.blockNumber);
  let readOneByOne = blocks(transfers.filter((t) => isNativeAsset(t.asset)));
  if (tokens.length > 0) {
    const from = tokens.reduce((min, t) => (t.blockNumber < min ? t.blockNumber : min), tokens[0]!.blockNumber);
    const to = tokens.reduce((max, t) => (t.blockNumber > max ? t.blockNumber : max), tokens[0]!.blockNumber);
    if (to - from < maxSpan) {
      await logsOf(network, tokens, { from, to }).then(
        (logs) => {
          for (const [block, hash] of logs) hashes.set(block, hash);
        },
        () => {},
      );
    } else readOneByOne = [...readOneByOne, ...blocks(tokens)];
  }
  const pending = [...new Set(readOneByOne)].filter((b) => !hashes.has(b));
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
    const recipient = log.topics[2] ? `0x${log.topics[2].slice(26)}`.toLowerCase() : undefined;
    if (recipient && recipients.has(recipient)) hashes.set(BigInt(log.blockNumber), log.blockHash);
  }
  return hashes;
}
