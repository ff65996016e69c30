import { currencyExponent } from "./iso4217";
import { staticPriceSource, type PriceSource, type PricedToken } from "./price-source";

/**
 * Token base units for a fiat amount, or undefined when the token cannot be priced in that
 * currency. A stablecoin pegged to the payment's currency is 1:1: USD 12.50 (1250 minor, exponent 2)
 * is 12_500_000 units of a 6-decimal USDC. Other tokens go through the price source. Always round
 * up: the merchant is never paid less than the price.
 */
export function fiatToTokenAmount(fiatMinor: bigint, fiatCurrency: string, token: PricedToken, prices: PriceSource = staticPriceSource): bigint | undefined {
  const exponent = BigInt(currencyExponent(fiatCurrency) ?? 2);
  const decimals = BigInt(token.decimals);
  if (token.peggedTo === fiatCurrency) {
    return ceilDiv(fiatMinor * 10n ** decimals, 10n ** exponent);
  }
  const price = prices.priceOf(token, fiatCurrency);
  if (!price) return undefined;
  // base units = fiat major / price per token * 10^decimals
  //            = (fiatMinor / 10^exp) / (units / 10^scale) * 10^decimals
  return ceilDiv(fiatMinor * 10n ** BigInt(price.scale) * 10n ** decimals, price.units * 10n ** exponent);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
