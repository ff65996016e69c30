import { describe, expect, it } from "vitest";
import type { TokenConfig } from "@/lib/chains/network-config";
import { askedInAsset, type QuotedOption } from "@/lib/ledger/asked-in-asset";
import { judgeAttach } from "@/lib/ledger/judge-attach";
import { staticPriceSource } from "@/lib/money/price-source";

const USDT = "eip155:1/erc20:0x00000000000000000000000000000000000000aa";
const USDC = "eip155:1/erc20:0x00000000000000000000000000000000000000bb";
const ETH = "eip155:1/slip44:60";
const token = (caip19: string, more: Partial<TokenConfig> = {}): TokenConfig => ({
  caip19,
  symbol: "T",
  name: "Token",
  decimals: 6,
  eip3009: false,
  ...more,
});
const usd = (minor: bigint, optionId: string | null = null) => ({ fiatAmount: minor, fiatCurrency: "USD", optionId });
const quoted = ({
  id,
  tokenCaip19,
  amount,
  at,
}: {
  id: string;
  tokenCaip19: string;
  amount: bigint;
  at: string;
}): QuotedOption => ({
  id,
  tokenCaip19,
  tokenAmount: amount,
  createdAt: new Date(at),
});

describe("attaching a transfer: what the payment asks in its asset", () => {
  it("a stablecoin pegged to the payment's currency is 1:1 by decimals, with no option quoted", () => {
    expect(
      askedInAsset({
        payment: usd(1250n),
        asset: USDT,
        options: [],
        token: token(USDT, { peggedTo: "USD" }),
        prices: staticPriceSource,
      }),
    ).toEqual({
      amount: 12_500_000n,
      optionId: null,
    });
    expect(
      askedInAsset({
        payment: usd(1250n),
        asset: USDT,
        options: [],
        token: token(USDT, { peggedTo: "USD", decimals: 18 }),
        prices: staticPriceSource,
      })?.amount,
    ).toBe(12_500_000_000_000_000_000n);
  });

  it("a token priced otherwise is quoted as the gateway would, rounded up for the merchant", () => {
    const eth = token(ETH, { decimals: 18, price: { currency: "USD", value: "3000" } });
    // $10 at $3000 = 0.00333… ETH, rounded up to the wei.
    expect(
      askedInAsset({ payment: usd(1000n), asset: ETH, options: [], token: eth, prices: staticPriceSource })?.amount,
    ).toBe(3_333_333_333_333_334n);
  });

  it("the payment's own quote in that asset wins over today's price: the chosen option, else the newest", () => {
    const options = [
      quoted({ id: "opt_old", tokenCaip19: USDT, amount: 12_400_000n, at: "2026-01-01T00:00:00Z" }),
      quoted({ id: "opt_new", tokenCaip19: USDT, amount: 12_600_000n, at: "2026-01-01T00:05:00Z" }),
      quoted({ id: "opt_usdc", tokenCaip19: USDC, amount: 12_500_000n, at: "2026-01-01T00:06:00Z" }),
    ];
    const pegged = token(USDT, { peggedTo: "USD" });
    expect(
      askedInAsset({ payment: usd(1250n), asset: USDT, options, token: pegged, prices: staticPriceSource }),
    ).toEqual({
      amount: 12_600_000n,
      optionId: "opt_new",
    });
    expect(
      askedInAsset({ payment: usd(1250n, "opt_old"), asset: USDT, options, token: pegged, prices: staticPriceSource })
        ?.optionId,
    ).toBe("opt_old");
    // A quote stands even when the merchant no longer accepts the token (the caller passes no token then).
    expect(
      askedInAsset({ payment: usd(1250n), asset: USDT, options, token: undefined, prices: staticPriceSource })
        ?.optionId,
    ).toBe("opt_new");
  });

  it("an asset the payment cannot be paid in: not accepted, not configured, or not priced in its currency", () => {
    expect(
      askedInAsset({ payment: usd(1250n), asset: USDT, options: [], token: undefined, prices: staticPriceSource }),
    ).toBeUndefined();
    expect(
      askedInAsset({
        payment: usd(1250n),
        asset: USDT,
        options: [],
        token: token(USDC, { peggedTo: "USD" }),
        prices: staticPriceSource,
      }),
    ).toBeUndefined();
    expect(
      askedInAsset({
        payment: { ...usd(1250n), fiatCurrency: "EUR" },
        asset: USDT,
        options: [],
        token: token(USDT, { peggedTo: "USD" }),
        prices: staticPriceSource,
      }),
    ).toBeUndefined();
  });
});

describe("attaching a transfer: what the payment becomes", () => {
  it("at least the price pays it (more is recorded as overpaid); less never does", () => {
    for (const status of ["pending", "expired", "failed", "cancelled"] as const) {
      expect(judgeAttach(status, 100n, 100n)).toEqual({ kind: "paid", over: false });
      expect(judgeAttach(status, 101n, 100n)).toEqual({ kind: "paid", over: true });
    }
    expect(judgeAttach("pending", 99n, 100n)).toEqual({ kind: "short", transition: "found_short" });
    for (const status of ["expired", "failed", "cancelled"] as const)
      expect(judgeAttach(status, 99n, 100n)).toEqual({ kind: "short", transition: "note" });
  });

  it("a paid payment records a duplicate; a processing one is refused whatever arrived", () => {
    expect(judgeAttach("succeeded", 100n, 100n)).toEqual({ kind: "duplicate" });
    expect(judgeAttach("succeeded", 1n, 100n)).toEqual({ kind: "duplicate" });
    expect(judgeAttach("processing", 100n, 100n)).toEqual({ kind: "processing" });
  });
});
