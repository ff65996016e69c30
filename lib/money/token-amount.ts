import { unitsForFiatCeil } from "./compose-price";
import { currencyExponent } from "./iso4217";
import { staticPriceSource, type Price, type PriceSource, type PricedToken } from "./price-source";

/**
 * Token base units for a fiat amount, or undefined when the token cannot be priced in that
 * currency. With the default source a stablecoin pegged to the payment's currency is 1:1: USD 12.50
 * (1250 minor, exponent 2) is 12_500_000 units of a 6-decimal USDC; other tokens use their static
 * price. Always round up: the merchant is never paid less than the price.
 */
export function fiatToTokenAmount(options: FiatInToken): bigint | undefined {
  return quoteInToken(options)?.amount;
}

/** A fiat amount to price in a token, through `prices` (the static source by default). */
export type FiatInToken = { fiatMinor: bigint; fiatCurrency: string; token: PricedToken; prices?: PriceSource };

/** The amount (rounded up) and the price it was computed from, which a quote stores with it. */
export function quoteInToken({
  fiatMinor,
  fiatCurrency,
  token,
  prices = staticPriceSource,
}: FiatInToken): { amount: bigint; price: Price } | undefined {
  const price = prices.priceOf(token, fiatCurrency);
  if (!price) return undefined;
  return {
    amount: unitsForFiatCeil({
      fiatMinor,
      exponent: currencyExponent(fiatCurrency) ?? 2,
      decimals: token.decimals,
      price,
    }),
    price,
  };
}
