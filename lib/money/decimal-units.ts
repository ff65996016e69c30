/** A non-negative decimal amount in a coin's whole unit, as settings write it: "0.05", "2", "0.000000001". */
export const DECIMAL_AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/;

/**
 * A decimal amount (DECIMAL_AMOUNT) in base units of a coin with `decimals` decimals, without a float.
 * Digits finer than one base unit round up, which keeps `balance < threshold` exact for any whole
 * number of base units: 0.0000000015 SOL is 2 lamports, and 1 lamport is below it, 2 are not.
 */
export function decimalToUnitsCeil(amount: string, decimals: number): bigint {
  const match = DECIMAL_AMOUNT.exec(amount);
  if (!match) throw new Error(`not a decimal amount: ${amount}`);
  const whole = match[1]!;
  const fraction = (match[2] ?? ".").slice(1);
  const kept = fraction.slice(0, decimals).padEnd(decimals, "0");
  const units = BigInt(`${whole}${kept}`);
  return /[1-9]/.test(fraction.slice(decimals)) ? units + 1n : units;
}
