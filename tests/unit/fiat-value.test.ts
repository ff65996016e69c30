import { describe, expect, it } from "vitest";
import { fiatMinorCeil } from "@/lib/money/fiat-value";

describe("fiatMinorCeil: a fee in a coin's base units, valued in minor units of a currency, rounded up", () => {
  it("values wei at an ETH price in cents", () => {
    // 21000 gas at 1 gwei = 2.1e13 wei = 0.000021 ETH; at USD 2500 that is 0.0525 USD: 6 cents.
    expect(fiatMinorCeil(21_000n * 10n ** 9n, 18, { currency: "USD", units: 2500n, scale: 0 })).toBe(6n);
  });

  it("is exact when the value is a whole number of minor units, and never rounds a positive fee to zero", () => {
    expect(fiatMinorCeil(10n ** 18n, 18, { currency: "USD", units: 250_000n, scale: 2 })).toBe(250_000n);
    expect(fiatMinorCeil(1n, 18, { currency: "USD", units: 1n, scale: 0 })).toBe(1n);
    expect(fiatMinorCeil(0n, 9, { currency: "USD", units: 150n, scale: 0 })).toBe(0n);
  });

  it("uses the currency's own exponent (JPY has none, BHD three)", () => {
    // 10000 lamports at JPY 22000.5 per SOL = 0.220005 JPY: 1 yen.
    expect(fiatMinorCeil(10_000n, 9, { currency: "JPY", units: 220_005n, scale: 1 })).toBe(1n);
    // 1 SOL at BHD 56.123 = 56123 fils.
    expect(fiatMinorCeil(10n ** 9n, 9, { currency: "BHD", units: 56_123n, scale: 3 })).toBe(56_123n);
  });
});
