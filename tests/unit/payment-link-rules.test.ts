import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { parseFiatInput } from "@/lib/money/parse-fiat-input";
import { chargeFor, linkTermsIssues, type LinkAmountTerms } from "@/lib/payment-links/link-amount";
import { createPaymentLinkBody, updatePaymentLinkBody } from "@/lib/payment-links/schemas";

const fixed: LinkAmountTerms = { amount: 1250n, minimumAmount: null, maximumAmount: null };
const range: LinkAmountTerms = { amount: null, minimumAmount: 500n, maximumAmount: 10_000n };

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("what a payment through a link is for", () => {
  it("a fixed link charges its own amount; the buyer may not name another", () => {
    expect(chargeFor(fixed, undefined)).toBe(1250n);
    expect(chargeFor(fixed, 1250n)).toBe(1250n);
    expect(refusal(() => chargeFor(fixed, 1n)).issues).toEqual([
      { field: "amount", message: expect.stringMatching(/fixed/) },
    ]);
  });

  it("a buyer-entered amount must lie within minimum..maximum, both ends included", () => {
    expect(chargeFor(range, 500n)).toBe(500n);
    expect(chargeFor(range, 10_000n)).toBe(10_000n);
    expect(chargeFor(range, 2_345n)).toBe(2_345n);
    for (const outside of [499n, 10_001n, 1n]) {
      const err = refusal(() => chargeFor(range, outside));
      expect(err.code).toBe("params_validation");
      expect(err.issues?.[0]?.field).toBe("amount");
    }
    expect(refusal(() => chargeFor(range, undefined)).message).toMatch(/required/);
  });
});

describe("a new link's amounts", () => {
  it("are a fixed amount or a range, never both or neither, and the range is ordered", () => {
    expect(linkTermsIssues({ amount: 100n })).toEqual([]);
    expect(linkTermsIssues({ minimumAmount: 1n, maximumAmount: 1n })).toEqual([]);
    expect(linkTermsIssues({})[0]?.field).toBe("amount");
    expect(linkTermsIssues({ amount: 1n, maximumAmount: 5n })[0]?.field).toBe("amount");
    expect(linkTermsIssues({ minimumAmount: 5n })[0]?.field).toBe("maximumAmount");
    expect(linkTermsIssues({ maximumAmount: 5n })[0]?.field).toBe("minimumAmount");
    expect(linkTermsIssues({ minimumAmount: 6n, maximumAmount: 5n })[0]?.field).toBe("maximumAmount");
  });

  it("the create body refuses http redirects, lone redirects and unknown fields", () => {
    const ok = { description: "Donation", minimumAmount: "100", maximumAmount: "5000" };
    expect(createPaymentLinkBody.safeParse(ok).success).toBe(true);
    const bad = [
      { ...ok, checkout: { successUrl: "http://shop.example/ok", errorUrl: "https://shop.example/no" } },
      { ...ok, checkout: { successUrl: "https://shop.example/ok" } },
      { ...ok, currency: "EUR" },
      { ...ok, minimumAmount: "0" },
      { ...ok, maximumAmount: "12.50" },
      { description: "Ticket", amount: "1e3" },
      { ...ok, description: "  " },
    ];
    for (const body of bad) expect(createPaymentLinkBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it("an update may not touch the amounts, and must change something", () => {
    expect(updatePaymentLinkBody.safeParse({ active: false }).success).toBe(true);
    expect(updatePaymentLinkBody.safeParse({ checkout: null }).success).toBe(true);
    const changed = updatePaymentLinkBody.safeParse({ amount: "100" });
    expect(changed.success).toBe(false);
    expect(changed.error?.issues[0]?.message).toMatch(/amounts cannot/);
    expect(updatePaymentLinkBody.safeParse({}).success).toBe(false);
  });
});

describe("an amount a person types", () => {
  it("becomes minor units of the currency's exponent, or nothing", () => {
    expect(parseFiatInput("12.5", "USD")).toBe(1250n);
    expect(parseFiatInput(" 12,50 ", "USD")).toBe(1250n);
    expect(parseFiatInput("7", "USD")).toBe(700n);
    expect(parseFiatInput("500", "JPY")).toBe(500n);
    expect(parseFiatInput("1.005", "KWD")).toBe(1005n);
    for (const bad of ["", "12.345", "1,234.50", "-1", "1e3", "abc", "5.5"])
      expect(parseFiatInput(bad, bad === "5.5" ? "JPY" : "USD"), bad).toBeUndefined();
  });
});
