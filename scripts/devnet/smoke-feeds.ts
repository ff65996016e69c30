import type { EvmInfo } from "./devnet-info";
import { readFeedRound, setFeedPrice } from "./evm/set-feed-price";
import { check } from "./smoke-evm";

/** Every feed answers a complete, fresh round; one moved and aged reads back as moved, in a new round. */
export async function smokeFeeds(evm: EvmInfo, step: (name: string) => void): Promise<void> {
  check(evm.priceFeeds.length >= 6, `expected the six devnet feeds, got ${evm.priceFeeds.length}`);
  for (const feed of evm.priceFeeds) {
    const round = await readFeedRound(evm, feed.pair);
    check(
      round.answer > 0n && round.answeredInRound === round.roundId && round.updatedAt > 0n,
      `${feed.pair} starts with an incomplete round`,
    );
  }
  const before = await readFeedRound(evm, "EUR/USD");
  check(before.answer === 108_420_000n, `EUR/USD starts at 1.0842, got ${before.answer}`);
  await setFeedPrice(evm, "EUR/USD", "1.1", { ageSeconds: 3600 });
  const after = await readFeedRound(evm, "EUR/USD");
  check(
    after.answer === 110_000_000n && after.roundId === before.roundId + 1n,
    "set-price did not move EUR/USD into a new round",
  );
  check(BigInt(Math.floor(Date.now() / 1000)) - after.updatedAt >= 3599n, "set-price did not age EUR/USD");
  step("price feeds: six fresh rounds; EUR/USD moved to 1.1 and aged an hour");
}
