import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { networksFileSchema } from "@/lib/chains/network-config";
import { formatUnits } from "@/lib/dashboard/format";
import { DECIMAL_AMOUNT, decimalToUnitsCeil } from "@/lib/money/decimal-units";
import { gasCrossingOf, gasStatusOf, type GasMemory, type GasStatus } from "@/lib/operations/gas-status";

describe("gas thresholds in base units", () => {
  it("turns decimal amounts of the native coin into wei and lamports without floats", () => {
    expect(decimalToUnitsCeil("0.05", 18)).toBe(50_000_000_000_000_000n);
    expect(decimalToUnitsCeil("0.05", 9)).toBe(50_000_000n);
    expect(decimalToUnitsCeil("2", 9)).toBe(2_000_000_000n);
    expect(decimalToUnitsCeil("0", 18)).toBe(0n);
    expect(decimalToUnitsCeil("0.000000000000000001", 18)).toBe(1n);
    expect(decimalToUnitsCeil("123456789012345678901234567890.5", 18)).toBe(
      123456789012345678901234567890_500000000000000000n,
    );
    // 0.1 + 0.2 is 0.30000000000000004 in floats; here it is three tenths exactly.
    expect(decimalToUnitsCeil("0.3", 18)).toBe(300_000_000_000_000_000n);
  });

  it("rounds digits finer than one base unit up, and only those", () => {
    expect(decimalToUnitsCeil("0.0000000015", 9)).toBe(2n);
    expect(decimalToUnitsCeil("0.0000000010", 9)).toBe(1n);
    expect(decimalToUnitsCeil("0.000000000000000001", 9)).toBe(1n);
    expect(decimalToUnitsCeil("1.000000000000000000", 9)).toBe(1_000_000_000n);
  });

  it("refuses what is not a plain non-negative decimal", () => {
    for (const bad of [
      "",
      "-1",
      "+1",
      ".5",
      "5.",
      "01",
      "1e-3",
      "0,05",
      " 0.05",
      "0.0000000000000000001",
      "NaN",
      "0x10",
    ]) {
      expect(DECIMAL_AMOUNT.test(bad), bad).toBe(false);
      expect(() => decimalToUnitsCeil(bad, 18), bad).toThrow();
    }
  });

  it("round-trips every balance through its decimal form", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom(0, 6, 9, 18), (units, decimals) => {
        expect(decimalToUnitsCeil(formatUnits(units, decimals), decimals)).toBe(units);
      }),
    );
  });

  /** balance / 10^decimals < the decimal, both sides scaled to integers: the comparison without base units. */
  function exactlyBelow(balance: bigint, decimal: string, decimals: number): boolean {
    const [whole, fraction = ""] = decimal.split(".");
    return balance * 10n ** BigInt(fraction.length) < BigInt(`${whole}${fraction}`) * 10n ** BigInt(decimals);
  }
  const digits = (maxLength: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 0, maxLength });

  it("compares a balance with a threshold exactly as rationals do, whatever digits the threshold has", () => {
    const threshold = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 6n }), digits(18))
      .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : `${whole}`));
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        threshold,
        fc.constantFrom(9, 18),
        (balance, decimal, decimals) => {
          expect(gasStatusOf(balance, decimalToUnitsCeil(decimal, decimals))).toBe(
            exactlyBelow(balance, decimal, decimals) ? "low" : "ok",
          );
        },
      ),
    );
  });

  it("gets the balances right on the line, one base unit either side, and under digits finer than a base unit", () => {
    // A threshold of `line` base units, written with `finer` extra digits beyond the coin's decimals.
    const nearTheLine = fc.constantFrom(9, 18).chain((decimals) =>
      fc.record({
        decimals: fc.constant(decimals),
        line: fc.bigInt({ min: 1n, max: 10n ** 24n }),
        finer: digits(18 - decimals),
        step: fc.constantFrom(-1n, 0n, 1n),
      }),
    );
    fc.assert(
      fc.property(nearTheLine, ({ decimals, line, finer, step }) => {
        const [whole, fraction = ""] = formatUnits(line, decimals).split(".");
        const decimal = `${whole}.${fraction.padEnd(decimals, "0")}${finer}`;
        const balance = line + step;
        expect(gasStatusOf(balance, decimalToUnitsCeil(decimal, decimals))).toBe(
          exactlyBelow(balance, decimal, decimals) ? "low" : "ok",
        );
      }),
    );
  });
});

describe("gas status", () => {
  it("is low strictly under the line, ok on it, unknown without a reading", () => {
    expect(gasStatusOf(49n, 50n)).toBe("low");
    expect(gasStatusOf(50n, 50n)).toBe("ok");
    expect(gasStatusOf(51n, 50n)).toBe("ok");
    expect(gasStatusOf(0n, 0n)).toBe("ok");
    expect(gasStatusOf(null, 50n)).toBe("unknown");
  });
});

describe("gas crossings", () => {
  /** The crossings a series of readings makes, in order (undefined: nothing to log). */
  function crossings(statuses: GasStatus[]): (string | undefined)[] {
    let memory: GasMemory | undefined;
    return statuses.map((status) => {
      const next = gasCrossingOf(memory, status);
      memory = next.memory;
      return next.crossing;
    });
  }

  it("warns once when a balance goes under its line and tells once when it is back", () => {
    expect(crossings(["ok", "ok", "low", "low", "low", "ok", "ok", "low"])).toEqual([
      undefined,
      undefined,
      "went_low",
      undefined,
      undefined,
      "recovered",
      undefined,
      "went_low",
    ]);
  });

  it("warns on the first reading when it starts under the line, and says nothing when it starts above", () => {
    expect(crossings(["low"])).toEqual(["went_low"]);
    expect(crossings(["ok"])).toEqual([undefined]);
  });

  it("says once that a chain cannot be read, and remembers the last reading across it", () => {
    expect(crossings(["low", "unknown", "unknown", "low", "ok"])).toEqual([
      "went_low",
      "unreadable",
      undefined,
      undefined,
      "recovered",
    ]);
    expect(crossings(["ok", "unknown", "low"])).toEqual([undefined, "unreadable", "went_low"]);
    expect(crossings(["low", "unknown", "ok"])).toEqual(["went_low", "unreadable", "recovered"]);
    expect(crossings(["unknown", "unknown", "low"])).toEqual(["unreadable", undefined, "went_low"]);
  });
});

describe("a network's own gas threshold", () => {
  const base = {
    chainId: "eip155:8453",
    name: "Base",
    rpcUrl: "https://mainnet.base.org",
    tokens: [
      {
        caip19: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        symbol: "USDC",
        name: "USD Coin",
        decimals: 6,
        eip3009: true,
        peggedTo: "USD",
      },
    ],
  };

  it("is optional and must be a decimal amount", () => {
    expect(networksFileSchema.parse({ networks: [base] }).networks[0]!.gasBalanceWarn).toBeUndefined();
    expect(
      networksFileSchema.parse({ networks: [{ ...base, gasBalanceWarn: "0.2" }] }).networks[0]!.gasBalanceWarn,
    ).toBe("0.2");
    for (const bad of ["-1", "0.2 ETH", 0.2, ""])
      expect(networksFileSchema.safeParse({ networks: [{ ...base, gasBalanceWarn: bad }] }).success, String(bad)).toBe(
        false,
      );
  });
});
