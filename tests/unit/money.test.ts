import { describe, expect, it } from "vitest";
import { formatFiat, minorToDecimal } from "@/lib/money/format-fiat";
import { currencyExponent, currencyFromUnit } from "@/lib/money/iso4217";

describe("ISO 4217", () => {
  it("knows the minor-unit exponents", () => {
    expect(currencyExponent("USD")).toBe(2);
    expect(currencyExponent("EUR")).toBe(2);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("KRW")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
    expect(currencyExponent("BHD")).toBe(3);
    expect(currencyExponent("CLF")).toBe(4);
  });

  it("parses iso4217/<CODE> units and refuses the rest", () => {
    expect(currencyFromUnit("iso4217/USD")).toBe("USD");
    for (const bad of [
      "USD",
      "iso4217/usd",
      "iso4217/ABC",
      "iso4217/XAU",
      "iso4217/USDC",
      "caip19/eip155:1/erc20:0x0",
      "iso4217/",
    ]) {
      expect(currencyFromUnit(bad), bad).toBeUndefined();
    }
  });
});

describe("minor units", () => {
  it("turns minor units into exact decimals", () => {
    expect(minorToDecimal(1250n, "USD")).toBe("12.50");
    expect(minorToDecimal(5n, "USD")).toBe("0.05");
    expect(minorToDecimal(500n, "JPY")).toBe("500");
    expect(minorToDecimal(1005n, "KWD")).toBe("1.005");
    expect(minorToDecimal(2147483647n, "USD")).toBe("21474836.47");
  });

  it("formats for people without float rounding", () => {
    expect(formatFiat(1250n, "USD")).toBe("$12.50");
    expect(formatFiat(500n, "JPY")).toBe("¥500");
    expect(formatFiat(2147483647n, "USD")).toBe("$21,474,836.47");
    expect(formatFiat(1005n, "KWD")).toMatch(/1\.005/);
  });
});

describe("fiat to token amounts", async () => {
  const { fiatToTokenAmount } = await import("@/lib/money/token-amount");
  const usdc = {
    caip19: "eip155:1/erc20:0x1",
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    eip3009: true,
    peggedTo: "USD",
  };

  it("prices a pegged stablecoin 1:1 in exact base units", () => {
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "USD", token: usdc })).toBe(12_500_000n);
    expect(fiatToTokenAmount({ fiatMinor: 1n, fiatCurrency: "USD", token: usdc })).toBe(10_000n);
  });

  it("rounds up when the token is coarser than the currency", () => {
    expect(fiatToTokenAmount({ fiatMinor: 1005n, fiatCurrency: "USD", token: { ...usdc, decimals: 1 } })).toBe(101n);
  });

  it("offers nothing for a token pegged to another currency", () => {
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "EUR", token: usdc })).toBeUndefined();
    expect(
      fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "USD", token: { ...usdc, peggedTo: null } }),
    ).toBeUndefined();
  });
});

describe("tokens priced through the price source", async () => {
  const { fiatToTokenAmount } = await import("@/lib/money/token-amount");
  const sol = {
    caip19: "solana:x/slip44:501",
    symbol: "SOL",
    name: "Solana",
    decimals: 9,
    eip3009: false,
    peggedTo: null,
    price: { currency: "USD", value: "150.25" },
  };

  it("converts exactly, rounding up in the merchant's favour", () => {
    // $150.25 buys exactly one SOL.
    expect(fiatToTokenAmount({ fiatMinor: 15025n, fiatCurrency: "USD", token: sol })).toBe(1_000_000_000n);
    // $12.50 / 150.25 = 0.083194675540765... SOL -> 83194676 lamports (rounded up).
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "USD", token: sol })).toBe(83_194_676n);
  });

  it("offers nothing without a price in the payment's currency", () => {
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "EUR", token: sol })).toBeUndefined();
    expect(
      fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "USD", token: { ...sol, price: null } }),
    ).toBeUndefined();
  });
});
