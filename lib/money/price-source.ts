
/** A configured static price of one whole token: `{currency: "USD", value: "150.25"}`. */
export type StaticPrice = { currency: string; value: string };

/**
 * What pricing needs of a token, and no more: money sits below the chains and does not import
 * their configuration type (a TokenConfig satisfies this structurally).
 */
export type PricedToken = { symbol: string; decimals: number; peggedTo?: string | null; price?: StaticPrice | null };

/** One whole token is worth `units / 10^scale` major units of `currency`: exact, no floats. */
export type TokenPrice = { currency: string; units: bigint; scale: number };

/**
 * Where prices of tokens without a peg come from. The default reads the static `price` of the
 * token's configuration; a live feed can implement the same interface.
 */
export type PriceSource = { priceOf(token: PricedToken, currency: string): TokenPrice | undefined };

export const staticPriceSource: PriceSource = {
  priceOf(token, currency) {
    return staticPriceIn(token.price, currency);
  },
};

/** A configured static price (`{currency, value: "150.25"}`) when it is in `currency` and positive. */
export function staticPriceIn(price: StaticPrice | null | undefined, currency: string): TokenPrice | undefined {
  if (!price || price.currency !== currency) return undefined;
  const [whole, fraction = ""] = price.value.split(".");
  const units = BigInt(`${whole}${fraction}`);
  return units > 0n ? { currency, units, scale: fraction.length } : undefined;
}
