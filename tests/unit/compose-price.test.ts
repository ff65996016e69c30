import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  composeThroughUsd,
  ratioOfFeed,
  ratioToDecimal,
  unitsForFiatCeil,
  type Ratio,
} from "@/lib/money/compose-price";
import { fiatToTokenAmount } from "@/lib/money/token-amount";

/** A small big-rational reference, reduced by gcd, independent of the code under test. */
class Q {
  readonly n: bigint;
  readonly d: bigint;
  constructor(n: bigint, d: bigint) {
    if (d === 0n) throw new Error("zero denominator");
    const sign = d < 0n ? -1n : 1n;
    const g = gcd(n < 0n ? -n : n, d < 0n ? -d : d) || 1n;
    this.n = (sign * n) / g;
    this.d = (sign * d) / g;
  }
  static of(n: bigint, decimals = 0) {
    return new Q(n, 10n ** BigInt(decimals));
  }
  mul(o: Q) {
    return new Q(this.n * o.n, this.d * o.d);
  }
  div(o: Q) {
    return new Q(this.n * o.d, this.d * o.n);
  }
  cmp(o: Q) {
    const l = this.n * o.d;
    const r = o.n * this.d;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  ceil() {
    const q = this.n / this.d;
    return q * this.d === this.n || this.n < 0n ? q : q + 1n;
  }
}
function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

const feed = fc.record({ answer: fc.bigInt({ min: 1n, max: 10n ** 30n }), decimals: fc.integer({ min: 0, max: 18 }) });
const exponent = fc.constantFrom(0, 2, 3);
const decimals = fc.integer({ min: 0, max: 18 });
const minor = fc.bigInt({ min: 0n, max: 2_147_483_647n });

describe("composing a price through USD", () => {
  it("EUR price of ETH = ETH/USD ÷ EUR/USD, exactly", () => {
    const eth = ratioOfFeed({ answer: 3000_00000000n, decimals: 8 })!;
    const eur = ratioOfFeed({ answer: 1_08420000n, decimals: 8 })!;
    const ethInEur = composeThroughUsd(eth, eur);
    // 3000 / 1.0842 = 2766.9987...: the ratio keeps every digit.
    expect(new Q(ethInEur.num, ethInEur.den).cmp(new Q(3000n * 10000n, 10842n))).toBe(0);
  });

  it("refuses a non-positive answer", () => {
    expect(ratioOfFeed({ answer: 0n, decimals: 8 })).toBeUndefined();
    expect(ratioOfFeed({ answer: -1n, decimals: 8 })).toBeUndefined();
  });

  it("matches a big-rational reference for any two feeds of 0-18 decimals", () => {
    fc.assert(
      fc.property(feed, feed, (a, b) => {
        const got = composeThroughUsd(ratioOfFeed(a)!, ratioOfFeed(b)!);
        const want = Q.of(a.answer, a.decimals).div(Q.of(b.answer, b.decimals));
        expect(new Q(got.num, got.den).cmp(want)).toBe(0);
      }),
      { numRuns: 500, seed: 16 },
    );
  });
});

describe("fiat minor units to token base units", () => {
  it("a EUR payment in USDC: 10.00 EUR at EUR/USD 1.0842 is 10.842 USDC", () => {
    const usdcInEur = composeThroughUsd({ num: 1n, den: 1n }, ratioOfFeed({ answer: 1_08420000n, decimals: 8 })!);
    expect(unitsForFiatCeil({ fiatMinor: 1000n, exponent: 2, decimals: 6, price: usdcInEur })).toBe(10_842_000n);
  });

  it("a JPY payment (exponent 0): 1500 JPY at JPY/USD 0.0067 is 10.05 USDC", () => {
    const usdcInJpy = composeThroughUsd({ num: 1n, den: 1n }, ratioOfFeed({ answer: 670000n, decimals: 8 })!);
    expect(unitsForFiatCeil({ fiatMinor: 1500n, exponent: 0, decimals: 6, price: usdcInJpy })).toBe(10_050_000n);
  });

  it("rounds up, never down: one base unit more when the division is not exact", () => {
    // 1 cent at 3 per token with 0 decimals: 1/300 of a token -> 1 unit.
    expect(unitsForFiatCeil({ fiatMinor: 1n, exponent: 2, decimals: 0, price: { num: 3n, den: 1n } })).toBe(1n);
    // 1.00 at 3 per token, 6 decimals: 0.3333333... -> 333334.
    expect(unitsForFiatCeil({ fiatMinor: 100n, exponent: 2, decimals: 6, price: { num: 3n, den: 1n } })).toBe(333_334n);
    expect(unitsForFiatCeil({ fiatMinor: 0n, exponent: 2, decimals: 6, price: { num: 3n, den: 1n } })).toBe(0n);
  });

  it("is the least amount worth at least the price, against the reference (decimals 0-18, exponents 0, 2, 3)", () => {
    fc.assert(
      fc.property(minor, exponent, decimals, feed, feed, (fiat, exp, dec, tokenFeed, currencyFeed) => {
        const price: Ratio = composeThroughUsd(ratioOfFeed(tokenFeed)!, ratioOfFeed(currencyFeed)!);
        const got = unitsForFiatCeil({ fiatMinor: fiat, exponent: exp, decimals: dec, price });
        const priceQ = Q.of(tokenFeed.answer, tokenFeed.decimals).div(Q.of(currencyFeed.answer, currencyFeed.decimals));
        const owed = Q.of(fiat, exp);
        const valueOf = (units: bigint) => Q.of(units, dec).mul(priceQ);
        expect(got).toBe(
          owed
            .div(priceQ)
            .mul(Q.of(10n ** BigInt(dec)))
            .ceil(),
        );
        // The merchant gets at least the price, and one base unit less would be short.
        expect(valueOf(got).cmp(owed)).toBeGreaterThanOrEqual(0);
        if (got > 0n) expect(valueOf(got - 1n).cmp(owed)).toBe(-1);
      }),
      { numRuns: 1000, seed: 42 },
    );
  });

  it("keeps the stablecoin peg 1:1 and static prices through fiatToTokenAmount", () => {
    const usdc = { symbol: "USDC", decimals: 6, peggedTo: "USD" };
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "USD", token: usdc })).toBe(12_500_000n);
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "EUR", token: usdc })).toBeUndefined();
    const sol = { symbol: "SOL", decimals: 9, price: { currency: "USD", value: "150.25" } };
    expect(fiatToTokenAmount({ fiatMinor: 1250n, fiatCurrency: "USD", token: sol })).toBe(83_194_676n);
  });

  it("no float anywhere: amounts past 2^53 stay exact", () => {
    const big = unitsForFiatCeil({
      fiatMinor: 2_147_483_647n,
      exponent: 0,
      decimals: 18,
      price: { num: 1n, den: 10n ** 6n },
    });
    expect(big).toBe(2_147_483_647n * 10n ** 24n);
  });
});

describe("a ratio for people", () => {
  it("rounds half up to the digits asked", () => {
    expect(ratioToDecimal({ num: 10842n, den: 10000n }, 4)).toBe("1.0842");
    expect(ratioToDecimal({ num: 1n, den: 3n }, 4)).toBe("0.3333");
    expect(ratioToDecimal({ num: 2n, den: 3n }, 2)).toBe("0.67");
    expect(ratioToDecimal({ num: 5n, den: 2n }, 0)).toBe("3");
  });
});

describe("a rate for people, four significant digits", () => {
  it("keeps small rates readable", async () => {
    const { ratioToSignificant } = await import("@/lib/money/compose-price");
    expect(ratioToSignificant({ num: 10842n, den: 10000n })).toBe("1.0842");
    expect(ratioToSignificant({ num: 67n, den: 10000n })).toBe("0.006700");
    expect(ratioToSignificant({ num: 10842n, den: 30000000n })).toBe("0.0003614");
    expect(ratioToSignificant({ num: 3000n, den: 1n })).toBe("3000.0000");
  });
});
