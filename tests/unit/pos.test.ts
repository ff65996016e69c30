import { describe, expect, it } from "vitest";
import { pressKey } from "@/components/pos/keypad";
import { salesTotals } from "@/lib/pos/list-pos-sales";

describe("the point of sale's keypad", () => {
  it("fills the amount from the right in minor units", () => {
    const typed = ["1", "2", "3", "4"].reduce(pressKey, "");
    expect(typed).toBe("1234");
    expect(pressKey(typed, "⌫")).toBe("123");
    expect(pressKey("12", "00")).toBe("1200");
  });

  it("ignores leading zeros and stops at ten digits", () => {
    expect(pressKey("", "0")).toBe("");
    expect(pressKey("", "00")).toBe("");
    expect(pressKey("1234567890", "1")).toBe("1234567890");
    expect(pressKey("", "⌫")).toBe("");
  });
});

describe("today's sales totals", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const later = new Date("2026-11-26T12:10:00Z");
  const row = (
    status: string,
    amount: bigint,
    extra: Partial<{ refundedAt: Date; currency: string; expiresAt: Date }> = {},
  ) => ({
    id: `pay_${Math.random()}`,
    referenceId: "POS x",
    status: status as "pending",
    expiresAt: extra.expiresAt ?? later,
    fiatAmount: amount,
    fiatCurrency: extra.currency ?? "EUR",
    createdAt: now,
    refundedAt: extra.refundedAt ?? null,
  });

  it("sums paid sales per currency, counts refunds apart and open sales", () => {
    const totals = salesTotals(
      [
        row("succeeded", 1234n),
        row("succeeded", 500n, { refundedAt: now }),
        row("succeeded", 700n, { currency: "USD" }),
        row("pending", 999n),
        row("processing", 100n),
        row("failed", 100n),
        row("cancelled", 100n),
        // Pending but past its expiry: expired, not open.
        row("pending", 100n, { expiresAt: new Date("2026-11-26T11:00:00Z") }),
      ],
      now,
    );
    expect(totals.sales).toBe(8);
    expect(totals.open).toBe(2);
    expect(totals.paid).toEqual([
      { currency: "EUR", count: 2, amount: "1734", refunded: "500" },
      { currency: "USD", count: 1, amount: "700", refunded: "0" },
    ]);
  });
});
