/** A Chainlink-style feed answer: the quote is worth `answer / 10^decimals` of the pair's second currency. */
export type FeedAnswer = { answer: bigint; decimals: number };

/** An exact positive rational, `num / den`: prices compose through USD without losing a digit. */
export type Ratio = { num: bigint; den: bigint };

export const ONE: Ratio = { num: 1n, den: 1n };

/** A feed answer as an exact ratio; undefined for a non-positive answer (a feed must never price at zero or below). */
export function ratioOfFeed(feed: FeedAnswer): Ratio | undefined {
  if (feed.answer <= 0n || !Number.isInteger(feed.decimals) || feed.decimals < 0) return undefined;
  return { num: feed.answer, den: 10n ** BigInt(feed.decimals) };
}

/**
 * The price of a token in a currency when both are known in USD: (token/USD) ÷ (currency/USD).
 * ETH in EUR = ETH/USD ÷ EUR/USD. Exact: no rounding here, only once at the end (`unitsForFiatCeil`).
 */
export function composeThroughUsd(tokenInUsd: Ratio, currencyInUsd: Ratio): Ratio {
  return { num: tokenInUsd.num * currencyInUsd.den, den: tokenInUsd.den * currencyInUsd.num };
}

/**
 * Token base units worth `fiatMinor` minor units of a currency (exponent `exponent`) when one whole
 * token is worth `price` major units, rounded up so the merchant is never paid less than the price:
 *   units = fiatMinor / 10^exponent / (num / den) * 10^decimals
 */
export function unitsForFiatCeil({
  fiatMinor,
  exponent,
  decimals,
  price,
}: {
  fiatMinor: bigint;
  exponent: number;
  decimals: number;
  price: Ratio;
}): bigint {
  if (price.num <= 0n || price.den <= 0n) throw new Error("a price must be positive");
  const numerator = fiatMinor * price.den * 10n ** BigInt(decimals);
  const denominator = price.num * 10n ** BigInt(exponent);
  return (numerator + denominator - 1n) / denominator;
}

/**
 * A ratio as a decimal string with `digits` fraction digits, rounded half up: for people
 * ("1 EUR = 1.0842 USDC"), never for amounts.
 */
export function ratioToDecimal(ratio: Ratio, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (ratio.num * scale * 2n + ratio.den) / (ratio.den * 2n);
  const text = scaled.toString().padStart(digits + 1, "0");
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A ratio for people with four significant digits past any leading zeros: 1.0842, 0.006700, 0.0003614.
 * Rounded half up; never used for amounts.
 */
export function ratioToSignificant(ratio: Ratio, significant = 4): string {
  let leadingZeros = 0;
  if (ratio.num < ratio.den) {
    while (ratio.num * 10n ** BigInt(leadingZeros + 1) < ratio.den) leadingZeros++;
    return ratioToDecimal(ratio, leadingZeros + significant);
  }
  return ratioToDecimal(ratio, significant);
}
