import type { DevnetInfo } from "@payment-service/devnet";
import { readFeedRound, setFeedPrice, setFeedRound, type RoundData } from "@payment-service/devnet/price-feeds";

// The devnet's price feeds, moved over RPC as `npm run devnet -- set-price` does. A test that moves a
// feed runs a devnet of its own: every other test prices against the suite's devnet at its start prices.

/** A new round of `pair` (e.g. "EUR/USD") at `price`, updated `ageSeconds` ago (0: now). */
export function movePrice(
  devnet: DevnetInfo,
  { pair, price, ageSeconds = 0 }: { pair: string; price: string; ageSeconds?: number },
): Promise<void> {
  return setFeedPrice(devnet.evm, { pair, price, ageSeconds });
}

/** The feed's latest round as it answers it: the value a quote locked from it must carry. */
export function latestRound(devnet: DevnetInfo, pair: string): Promise<RoundData> {
  return readFeedRound(devnet.evm, pair);
}

/** A round exactly as given: an incomplete round (answeredInRound < roundId, updatedAt 0), a zero answer. */
export function setRound(devnet: DevnetInfo, pair: string, round: RoundData): Promise<void> {
  return setFeedRound(devnet.evm, pair, round);
}
