import { formatFiat } from "@/lib/money/format-fiat";
import { intlLocale } from "./intl-locale";
import type { Locale } from "./locales";

// Intl takes a decimal string as an exact decimal (no float on the way), which the DOM types do not say.
type ExactFormat = (value: string) => string;
const exact = (format: Intl.NumberFormat): ExactFormat => format.format.bind(format) as unknown as ExactFormat;

/** Fiat minor units in the payment's currency, as the locale writes money: de 123456n EUR -> "1.234,56 €". */
export function formatFiatAmount(minor: bigint, currency: string, locale: Locale): string {
  return formatFiat(minor, currency, intlLocale(locale));
}

/**
 * Token base units with every digit they carry and at least two decimals, in the locale's separators:
 * de ("1234500000", 6) -> "1.234,50". Never rounded: a buyer may have to send exactly this.
 */
export function formatTokenAmount(baseUnits: string, decimals: number, locale: Locale): string {
  const digits = baseUnits.replace(/^0+(?=\d)/, "").padStart(decimals + 1, "0");
  const decimal = decimals > 0 ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return formatDecimal(decimal, locale, { minimumFractionDigits: Math.min(2, decimals) });
}

/**
 * A decimal string ("1.0842") with all its digits, in the locale's separators (de "1,0842");
 * without grouping for what a buyer may type back ("12,50", never "1.250").
 */
export function formatDecimal(
  decimal: string,
  locale: Locale,
  { minimumFractionDigits = 0, useGrouping = true }: { minimumFractionDigits?: number; useGrouping?: boolean } = {},
): string {
  const fraction = decimal.split(".")[1]?.length ?? 0;
  return exact(
    new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: Math.min(minimumFractionDigits, 100),
      maximumFractionDigits: Math.min(Math.max(fraction, minimumFractionDigits), 100),
      useGrouping,
    }),
  )(decimal);
}
