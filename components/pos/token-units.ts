/** Base units of a token as a decimal in `locale`, exact (no float): "1234500", 6 decimals -> "1.2345". */
export function formatTokenUnits(value: string, decimals: number, locale: string): string {
  const digits = value.padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  const wholeText = new Intl.NumberFormat(locale).format(BigInt(whole));
  return fraction ? `${wholeText}${separator}${fraction}` : wholeText;
}
