import type { Ratio } from "./compose-price";

/** A configured static price of one whole token: `{currency: "USD", value: "150.25"}`. */
export type StaticPrice = { currency: string; value: string };

/**
 * What pricing needs of a token, and no more: money sits below the chains and does not import
 * their configuration type (a TokenConfig satisfies this structurally).
 */
export type PricedToken = {
  symbol: string;
  decimals: number;
  peggedTo?: string | null;
  price?: StaticPrice | null;
  /** How far (basis points) a stablecoin's own feed may stray from its peg before it is not offered. */
  pegToleranceBps?: number | null;
};

/** One whole token is worth `units / 10^scale` major units of `currency`: exact, no floats. */
export type TokenPrice = { currency: string; units: bigint; scale: number };

/** A feed round a price was read from, kept with a quote so it can be traced later. */
export type FeedRound = { pair: string; roundId: string; updatedAt: number };

/**
 * One whole token is worth `num / den` major units of `currency`. `rounds` and `at` (unix seconds of the
 * oldest feed answer used) are present when live feeds gave the price; a static price or a peg has neither.
 */
export type Price = Ratio & { currency: string; rounds?: FeedRound[]; at?: number };

/**
 * Where prices come from. Synchronous: a live source prices from a snapshot its caller refreshed
 * beforehand, so pricing one option never waits on a chain. Undefined: not offered.
 */
export type PriceSource = { priceOf(token: PricedToken, currency: string): Price | undefined };

/** Stablecoins 1:1 in their peg currency; other tokens at their configured static `price`. */
export const staticPriceSource: PriceSource = {
  priceOf(token, currency) {
    if (token.peggedTo === currency) return { currency, num: 1n, den: 1n };
    const price = staticPriceIn(token.price, currency);
    return price && { currency, num: price.units, den: 10n ** BigInt(price.scale) };
  },
};

/** A configured static price (`{currency, value: "150.25"}`) when it is in `currency` and positive. */
export function staticPriceIn(price: StaticPrice | null | undefined, currency: string): TokenPrice | undefined {
  if (!price || price.currency !== currency) return undefined;
  const [whole, fraction = ""] = price.value.split(".");
  const units = BigInt(`${whole}${fraction}`);
  return units > 0n ? { currency, units, scale: fraction.length } : undefined;
}
