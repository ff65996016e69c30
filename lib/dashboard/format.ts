import { currencyExponent } from "@/lib/money/iso4217";

/** Base units as a decimal string without a float: 12500000 with 6 decimals is "12.5". */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? digits.slice(digits.length - decimals).replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Minor units as money, `$1,250.00`, in the currency's own exponent. */
export function formatMoney(minor: bigint, currency: string): string {
  const decimals = currencyExponent(currency) ?? 2;
  const major = formatUnits(minor, decimals);
  const [whole, fraction = ""] = major.split(".");
  const amount = `${whole}.${fraction.padEnd(decimals, "0")}`.replace(/\.$/, "");
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** `2026-02-19 14:03 UTC`: dashboards show UTC so every row reads the same for every viewer. */
export function formatTime(iso: string | Date | null): string {
  if (!iso) return "—";
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
