import type { TokenConfig } from "@/lib/chains/network-config";
import { currencyExponent } from "./iso4217";

/**
 * Token base units for a fiat amount, or undefined when the token is not priced in that currency.
 * A stablecoin pegged to the payment's currency is 1:1: USD 12.50 (1250 minor, exponent 2) is
 * 12_500_000 units of a 6-decimal USDC. When the token has fewer decimals than the currency, round
 * up: the merchant is never paid less than the price.
 */
export function fiatToTokenAmount(fiatMinor: bigint, fiatCurrency: string, token: TokenConfig): bigint | undefined {
  if (token.peggedTo !== fiatCurrency) return undefined;
  const shift = token.decimals - (currencyExponent(fiatCurrency) ?? 2);
  if (shift >= 0) return fiatMinor * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  return (fiatMinor + divisor - 1n) / divisor;
}
