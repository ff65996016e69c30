import { createPublicClient, createWalletClient, http, parseAbi, parseUnits, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { EvmInfo } from "../devnet-info";
import { devnetEvmChain } from "./deploy-tokens";

const AGGREGATOR_ABI = parseAbi([
  "function setAnswer(int256 answer, uint256 updatedAt)",
  "function setRoundData(uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

type FeedChain = Pick<EvmInfo, "rpcUrl" | "chainIdNumber" | "priceFeeds" | "oracle">;
export type RoundData = {
  roundId: bigint;
  answer: bigint;
  startedAt: bigint;
  updatedAt: bigint;
  answeredInRound: bigint;
};

function feedOf(evm: FeedChain, pair: string) {
  const feed = evm.priceFeeds.find((f) => f.pair === pair);
  if (!feed)
    throw new Error(`no price feed ${pair} on the devnet (has ${evm.priceFeeds.map((f) => f.pair).join(", ")})`);
  return feed;
}

async function send(
  evm: FeedChain,
  pair: string,
  write: (w: ReturnType<typeof walletFor>, address: Hex) => Promise<Hex>,
): Promise<void> {
  const feed = feedOf(evm, pair);
  const hash = await write(walletFor(evm), feed.address);
  const receipt = await createPublicClient({
    transport: http(evm.rpcUrl),
    pollingInterval: 20,
  }).waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`moving ${pair} failed: ${hash}`);
}

function walletFor(evm: FeedChain) {
  return createWalletClient({
    chain: devnetEvmChain(evm.chainIdNumber, evm.rpcUrl),
    transport: http(evm.rpcUrl),
    account: privateKeyToAccount(evm.oracle.privateKey),
  });
}

/**
 * A new complete round of `pair` at `price` (a decimal string, "1.0842"), updated `ageSeconds` ago by
 * the wall clock (which anvil's block times follow), so a test can make a feed stale.
 */
export async function setFeedPrice(
  evm: FeedChain,
  { pair, price, ageSeconds }: { pair: string; price: string; ageSeconds?: number },
): Promise<void> {
  const feed = feedOf(evm, pair);
  const answer = parseUnits(price, feed.decimals);
  const updatedAt = BigInt(Math.floor(Date.now() / 1000) - (ageSeconds ?? 0));
  await send(evm, pair, (w, address) =>
    w.writeContract({ address, abi: AGGREGATOR_ABI, functionName: "setAnswer", args: [answer, updatedAt] }),
  );
}

/** Any round at all (an incomplete one, a zero or negative answer), exactly as given. */
export async function setFeedRound(evm: FeedChain, pair: string, round: RoundData): Promise<void> {
  const args = [round.roundId, round.answer, round.startedAt, round.updatedAt, round.answeredInRound] as const;
  await send(evm, pair, (w, address) =>
    w.writeContract({ address, abi: AGGREGATOR_ABI, functionName: "setRoundData", args }),
  );
}

export async function readFeedRound(evm: FeedChain, pair: string): Promise<RoundData> {
  const [roundId, answer, startedAt, updatedAt, answeredInRound] = await createPublicClient({
    transport: http(evm.rpcUrl),
  }).readContract({
    address: feedOf(evm, pair).address,
    abi: AGGREGATOR_ABI,
    functionName: "latestRoundData",
  });
  return { roundId, answer, startedAt, updatedAt, answeredInRound };
}
