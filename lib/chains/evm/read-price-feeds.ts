import { getAddress, parseAbi } from "viem";
import type { NetworkConfig } from "../network-config";
import { evmClientFor } from "./evm-client";

const AGGREGATOR_ABI = parseAbi([
  "function decimals() view returns (uint8)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

/** One feed's latest round as the chain answered it, unjudged: lib/prices decides whether it is usable. */
export type FeedReading = {
  pair: string;
  address: string;
  roundId: bigint;
  answer: bigint;
  decimals: number;
  updatedAt: bigint;
  answeredInRound: bigint;
};

/** A feed that could not be read (reverted, not a contract, unparsable): its pair is not priced from it. */
export type FeedFailure = { pair: string; address: string; error: string };

/**
 * Every configured feed of an EVM network in ONE eth_call: viem's deployless multicall runs Multicall3's
 * code as creation code in the call itself, so it needs no Multicall3 contract on the chain (anvil has
 * none) yet behaves the same on a mainnet RPC. One call rather than a JSON-RPC batch: providers count
 * and limit batches per request, and all answers come from the same block. Each feed may fail alone.
 */
export async function readPriceFeeds(
  network: NetworkConfig,
): Promise<{ readings: FeedReading[]; failures: FeedFailure[] }> {
  const feeds = network.priceFeeds ?? [];
  if (feeds.length === 0) return { readings: [], failures: [] };
  const { publicClient } = evmClientFor(network);
  const contracts = feeds.flatMap((feed) => {
    const address = getAddress(feed.address);
    return [
      { address, abi: AGGREGATOR_ABI, functionName: "latestRoundData" } as const,
      { address, abi: AGGREGATOR_ABI, functionName: "decimals" } as const,
    ];
  });
  const results = await publicClient.multicall({ contracts, allowFailure: true, deployless: true });
  const readings: FeedReading[] = [];
  const failures: FeedFailure[] = [];
  feeds.forEach((feed, i) => {
    const round = results[2 * i]!;
    const decimals = results[2 * i + 1]!;
    if (round.status !== "success" || decimals.status !== "success") {
      const error =
        round.status === "failure" ? round.error : decimals.status === "failure" ? decimals.error : undefined;
      failures.push({ pair: feed.pair, address: feed.address, error: error?.message.split("\n")[0] ?? "no answer" });
      return;
    }
    const [roundId, answer, , updatedAt, answeredInRound] = round.result as readonly [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    readings.push({
      pair: feed.pair,
      address: feed.address,
      roundId,
      answer,
      decimals: Number(decimals.result),
      updatedAt,
      answeredInRound,
    });
  });
  return { readings, failures };
}
