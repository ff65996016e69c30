import { describe, expect, it } from "vitest";
import { fiatMinorCeil } from "@/lib/money/fiat-value";

describe("fiatMinorCeil: a fee in a coin's base units, valued in minor units of a currency, rounded up", () => {
  it("values wei at an ETH price in cents", () => {
    // 21000 gas at 1 gwei = 2.1e13 wei = 0.000021 ETH; at USD 2500 that is 0.0525 USD: 6 cents.
    expect(fiatMinorCeil(21_000n * 10n ** 9n, 18, { currency: "USD", num: 2500n, den: 1n })).toBe(6n);
  });

  it("is exact when the value is a whole number of minor units, and never rounds a positive fee to zero", () => {
    expect(fiatMinorCeil(10n ** 18n, 18, { currency: "USD", num: 250_000n, den: 100n })).toBe(250_000n);
    expect(fiatMinorCeil(1n, 18, { currency: "USD", num: 1n, den: 1n })).toBe(1n);
    expect(fiatMinorCeil(0n, 9, { currency: "USD", num: 150n, den: 1n })).toBe(0n);
  });

  it("takes any exact ratio: ETH at EUR 3000 / 1.0842 per ETH, a price composed through USD", () => {
    // 1 ETH = 3000 / 1.0842 EUR = 2767.017155...: 276702 cents, rounded up.
    expect(fiatMinorCeil(10n ** 18n, 18, { currency: "EUR", num: 3000n * 10_000n, den: 10_842n })).toBe(276_702n);
  });

  it("uses the currency's own exponent (JPY has none, BHD three)", () => {
    // 10000 lamports at JPY 22000.5 per SOL = 0.220005 JPY: 1 yen.
    expect(fiatMinorCeil(10_000n, 9, { currency: "JPY", num: 220_005n, den: 10n })).toBe(1n);
    // 1 SOL at BHD 56.123 = 56123 fils.
    expect(fiatMinorCeil(10n ** 9n, 9, { currency: "BHD", num: 56_123n, den: 1000n })).toBe(56_123n);
  });
});
