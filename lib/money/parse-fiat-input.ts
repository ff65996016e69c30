import { currencyExponent } from "./iso4217";

/**
 * What a person typed as an amount ("12", "12.5", "12,50") in minor units of `currency`, without a
 * float; undefined when it is not a plain amount or has more decimals than the currency has (a cent
 * cannot be split). Thousands separators are refused rather than guessed at.
 */
export function parseFiatInput(text: string, currency: string): bigint | undefined {
  const exp = currencyExponent(currency) ?? 2;
  const match = /^([0-9]+)(?:[.,]([0-9]*))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  if (fraction.length > exp) return undefined;
  return BigInt(`${match[1]}${fraction.padEnd(exp, "0")}`);
}
