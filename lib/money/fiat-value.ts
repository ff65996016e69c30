import { currencyExponent } from "./iso4217";
import type { Price } from "./price-source";

/**
 * What `amount` base units of a coin with `decimals` decimals are worth in minor units of the
 * price's currency, rounded up (a cost is never understated): 21000 gas at 1 gwei (2.1e13 wei) at
 * USD 2500 is 0.0525 USD, so 6 cents. Exact for any price ratio (a feed's composed price included).
 */
export function fiatMinorCeil(
  amount: bigint,
  decimals: number,
  price: Pick<Price, "currency" | "num" | "den">,
): bigint {
  const exponent = BigInt(currencyExponent(price.currency) ?? 2);
  // minor = amount / 10^decimals * num / den * 10^exponent
  const numerator = amount * price.num * 10n ** exponent;
  const denominator = 10n ** BigInt(decimals) * price.den;
  return (numerator + denominator - 1n) / denominator;
}
