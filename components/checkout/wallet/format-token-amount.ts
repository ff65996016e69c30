/** Base units to a display string with at least two decimals: 12500000n, 6 -> "12.50". */
export function formatTokenAmount(value: string, decimals: number): string {
  const digits = value.replace(/^0+(?=\d)/, "").padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals) || "0";
  const fraction = digits
    .slice(digits.length - decimals)
    .replace(/0+$/, "")
    .padEnd(Math.min(2, decimals), "0");
  return fraction ? `${whole}.${fraction}` : whole;
}
