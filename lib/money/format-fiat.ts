import { currencyExponent } from "./iso4217";

/** Minor units as an exact decimal string: 1234n, USD -> "12.34"; 5n, KWD -> "0.005". */
export function minorToDecimal(minor: bigint, currency: string): string {
  const exp = currencyExponent(currency) ?? 2;
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exp + 1, "0");
  const whole = digits.slice(0, digits.length - exp);
  const fraction = exp > 0 ? `.${digits.slice(digits.length - exp)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** Human form for the checkout ("$12.34", "¥500"). Intl takes the decimal string, so no float rounding. */
export function formatFiat(minor: bigint, currency: string, locale = "en-US"): string {
  const exp = currencyExponent(currency) ?? 2;
  const format = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: exp,
    maximumFractionDigits: exp,
  });
  return format.format(minorToDecimal(minor, currency) as unknown as number);
}
