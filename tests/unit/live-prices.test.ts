import { describe, expect, it } from "vitest";
import type { FeedReading } from "@/lib/chains/evm/read-price-feeds";
import { fiatToTokenAmount } from "@/lib/money/token-amount";
import { judgeFeeds, refusalOf } from "@/lib/prices/judge-feeds";
import { livePriceSource } from "@/lib/prices/live-price-source";
import type { PriceSnapshot } from "@/lib/prices/price-cache";

const NOW = 1_800_000_000;
const limits = { maxAgeSeconds: 3600, maxDeviationBps: 100 };
const reading = (pair: string, price: bigint, over: Partial<FeedReading> = {}): FeedReading => ({
  pair,
  address: "0x0000000000000000000000000000000000000001",
  roundId: 7n,
  answer: price,
  decimals: 8,
  updatedAt: BigInt(NOW - 10),
  answeredInRound: 7n,
  ...over,
});

function snapshotOf(readings: FeedReading[]): PriceSnapshot {
  const { pairs } = judgeFeeds(
    readings.map((r) => ({ reading: r, limits })),
    NOW,
  );
  return { pairs, configured: new Set(readings.map((r) => r.pair)), readAtMs: NOW * 1000 };
}

const usdc = { symbol: "USDC", decimals: 6, peggedTo: "USD" };
const eth = { symbol: "ETH", decimals: 18 };
const base = [
  reading("EUR/USD", 108_420_000n),
  reading("JPY/USD", 670_000n),
  reading("ETH/USD", 300_000_000_000n),
  reading("USDC/USD", 100_000_000n),
];

describe("guards on one feed reading", () => {
  it("refuses a stale, non-positive, incomplete or future answer and accepts a fresh one", () => {
    expect(refusalOf(reading("EUR/USD", 1n), limits, NOW)).toBeUndefined();
    expect(refusalOf(reading("EUR/USD", 1n, { updatedAt: BigInt(NOW - 3601) }), limits, NOW)).toMatch(/stale/);
    expect(refusalOf(reading("EUR/USD", 0n), limits, NOW)).toMatch(/non-positive/);
    expect(refusalOf(reading("EUR/USD", -5n), limits, NOW)).toMatch(/non-positive/);
    expect(refusalOf(reading("EUR/USD", 1n, { answeredInRound: 6n }), limits, NOW)).toMatch(/incomplete/);
    expect(refusalOf(reading("EUR/USD", 1n, { updatedAt: 0n }), limits, NOW)).toMatch(/incomplete/);
    expect(refusalOf(reading("EUR/USD", 1n, { updatedAt: BigInt(NOW + 120) }), limits, NOW)).toMatch(/future/);
  });

  it("two sources of one pair: agreeing within maxDeviationBps is priced, disagreeing is not", () => {
    const agree = judgeFeeds(
      [
        { reading: reading("EUR/USD", 108_420_000n), limits },
        { reading: reading("EUR/USD", 109_000_000n), limits },
      ],
      NOW,
    );
    expect(agree.pairs.has("EUR/USD")).toBe(true);
    const apart = judgeFeeds(
      [
        { reading: reading("EUR/USD", 108_420_000n), limits },
        { reading: reading("EUR/USD", 110_000_000n), limits },
      ],
      NOW,
    );
    expect(apart.pairs.has("EUR/USD")).toBe(false);
    expect(apart.refused.get("EUR/USD")).toMatch(/disagree/);
  });
});

describe("pricing from a snapshot", () => {
  it("prices USDC for EUR and JPY through USD, exactly the amount the feed implies", () => {
    const prices = livePriceSource(snapshotOf(base), NOW * 1000);
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "EUR", token: usdc, prices })).toBe(10_842_000n);
    expect(fiatToTokenAmount({ fiatMinor: 1500n, fiatCurrency: "JPY", token: usdc, prices })).toBe(10_050_000n);
    expect(prices.priceOf(usdc, "EUR")?.rounds?.map((r) => r.pair)).toEqual(["USDC/USD", "EUR/USD"]);
  });

  it("prices ETH in EUR as ETH/USD ÷ EUR/USD, rounded up", () => {
    const prices = livePriceSource(snapshotOf(base), NOW * 1000);
    // 10.00 EUR = 10.842 USD = 0.003614 ETH exactly.
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "EUR", token: eth, prices })).toBe(
      3_614_000_000_000_000n,
    );
    expect(fiatToTokenAmount({ fiatMinor: 1n, fiatCurrency: "JPY", token: eth, prices })).toBe(2_233_333_333_334n);
  });

  it("a stale or missing pair removes the token: never a static fallback for a configured pair", () => {
    const stale = [
      ...base.filter((r) => r.pair !== "EUR/USD"),
      reading("EUR/USD", 108_420_000n, { updatedAt: BigInt(NOW - 4000) }),
    ];
    const prices = livePriceSource(snapshotOf(stale), NOW * 1000);
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "EUR", token: usdc, prices })).toBeUndefined();
    expect(
      fiatToTokenAmount({
        fiatMinor: 1000n,
        fiatCurrency: "EUR",
        token: { ...eth, price: { currency: "EUR", value: "2700" } },
        prices,
      }),
    ).toBeUndefined();
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "USD", token: usdc, prices })).toBe(10_000_000n);
  });

  it("a snapshot outliving its feeds' age prices nothing from them", () => {
    const prices = livePriceSource(snapshotOf(base), (NOW + 3600) * 1000);
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "EUR", token: usdc, prices })).toBeUndefined();
  });

  it("a depegged USDC (0.95) is not offered, even for USD; within tolerance it stays 1:1", () => {
    const depegged = livePriceSource(snapshotOf([...base.slice(0, 3), reading("USDC/USD", 95_000_000n)]), NOW * 1000);
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "USD", token: usdc, prices: depegged })).toBeUndefined();
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "EUR", token: usdc, prices: depegged })).toBeUndefined();
    const wobble = livePriceSource(snapshotOf([...base.slice(0, 3), reading("USDC/USD", 99_500_000n)]), NOW * 1000);
    expect(fiatToTokenAmount({ fiatMinor: 1000n, fiatCurrency: "USD", token: usdc, prices: wobble })).toBe(10_000_000n);
    expect(
      fiatToTokenAmount({
        fiatMinor: 1000n,
        fiatCurrency: "USD",
        token: { ...usdc, pegToleranceBps: 10 },
        prices: wobble,
      }),
    ).toBeUndefined();
  });

  it("without feeds configured: the peg 1:1 and static prices, as before", () => {
    const prices = livePriceSource({ pairs: new Map(), configured: new Set(), readAtMs: 0 }, NOW * 1000);
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "USD", token: usdc, prices })).toBe(12_500_000n);
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "EUR", token: usdc, prices })).toBeUndefined();
    expect(
      fiatToTokenAmount({
        fiatMinor: 1250n,
        fiatCurrency: "USD",
        token: { symbol: "SOL", decimals: 9, price: { currency: "USD", value: "150.25" } },
        prices,
      }),
    ).toBe(83_194_676n);
  });
});
