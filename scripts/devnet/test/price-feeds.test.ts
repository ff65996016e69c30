import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFeedRound, setFeedPrice, setFeedRound } from "../evm/set-feed-price";
import { DEVNET_PRICES, startDevnet, type Devnet, type EvmInfo } from "../index";

let devnet: Devnet;
let evm: EvmInfo;

beforeAll(async () => {
  devnet = await startDevnet({ evmPort: 0, solanaPort: 0, quiet: true });
  evm = devnet.info.evm;
});
afterAll(() => devnet?.stop());

const now = () => BigInt(Math.floor(Date.now() / 1000));

describe("the devnet's price feeds", () => {
  it("start with one complete, fresh round per pair at the listed price (8 decimals)", async () => {
    expect(evm.priceFeeds.map((f) => f.pair)).toEqual(DEVNET_PRICES.map(([pair]) => pair));
    for (const [pair, price] of DEVNET_PRICES) {
      const round = await readFeedRound(evm, pair);
      expect(round.answer, pair).toBe(BigInt(Math.round(Number(price) * 1e8)));
      expect(round.answeredInRound, pair).toBe(round.roundId);
      expect(now() - round.updatedAt, pair).toBeLessThan(120n);
    }
  });

  it("move to a new round at a new price, aged as asked", async () => {
    const before = await readFeedRound(evm, "EUR/USD");
    await setFeedPrice(evm, { pair: "EUR/USD", price: "1.1", ageSeconds: 3600 });
    const after = await readFeedRound(evm, "EUR/USD");
    expect(after.answer).toBe(110_000_000n);
    expect(after.roundId).toBe(before.roundId + 1n);
    expect(now() - after.updatedAt).toBeGreaterThanOrEqual(3599n);
    // The other pairs stay where they were.
    expect((await readFeedRound(evm, "GBP/USD")).answer).toBe(126_500_000n);
  });

  it("take any round as given, an incomplete one included", async () => {
    const round = { roundId: 77n, answer: -1n, startedAt: 5n, updatedAt: 6n, answeredInRound: 76n };
    await setFeedRound(evm, "JPY/USD", round);
    expect(await readFeedRound(evm, "JPY/USD")).toEqual(round);
  });

  it("name the pairs they have when asked for one they do not", async () => {
    await expect(setFeedPrice(evm, { pair: "CHF/USD", price: "1.1" })).rejects.toThrow(
      /no price feed CHF\/USD .*EUR\/USD/,
    );
  });
});
