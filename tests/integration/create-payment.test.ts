import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "@/db/schema";
import { createPaymentRequest, newMerchant, usd } from "../support/api";
import { testDb } from "../support/db";

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function storedPayment(id: string) {
  const [row] = await testDb().db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

describe("POST /v1/merchant/payment", () => {
  it("creates a pending payment with a checkout link and the spec's fields", async () => {
    const merchant = await newMerchant("Acme Books");
    const res = await createPaymentRequest(merchant, {
      amount: { unit: "iso4217/USD", value: "1250" },
      referenceId: "order-42",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(["expiresAt", "gatewayUrl", "isFinal", "paymentId", "pollInMs", "status"]);
    expect(body.paymentId).toMatch(/^pay_[0-9A-Za-z]{22}$/);
    expect(body.status).toBe("pending");
    expect(body.isFinal).toBe(false);
    expect(body.pollInMs).toBeGreaterThan(0);
    const link = new URL(body.gatewayUrl);
    expect(link.searchParams.get("pid")).toBe(body.paymentId);
    // Default window: 15 minutes.
    expect(body.expiresAt).toBeGreaterThanOrEqual(nowSeconds() + 15 * 60 - 5);
    expect(body.expiresAt).toBeLessThanOrEqual(nowSeconds() + 15 * 60 + 1);

    const row = await storedPayment(body.paymentId);
    expect(row.merchantId).toBe(merchant.merchantId);
    expect(row.referenceId).toBe("order-42");
    expect(row.fiatCurrency).toBe("USD");
    expect(row.fiatAmount).toBe(1250n);
  });

  it("is also served at the alias POST /v1/payments", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, usd("500"), { headers: {}, path: "/v1/payments" });
    expect(res.status).toBe(201);
    expect((await res.json()).paymentId).toMatch(/^pay_/);
  });

  it("gives every payment a distinct id", async () => {
    const merchant = await newMerchant();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await (await createPaymentRequest(merchant, usd("100"))).json()).paymentId);
    expect(ids.size).toBe(20);
  });

  it.each([
    ["JPY has no minor unit", "iso4217/JPY", "500"],
    ["KWD has three decimals", "iso4217/KWD", "1005"],
    ["the 32-bit maximum", "iso4217/USD", "2147483647"],
  ])("accepts %s", async (_label, unit, value) => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, { amount: { unit, value }, referenceId: "r" });
    expect(res.status).toBe(201);
    const row = await storedPayment((await res.json()).paymentId);
    expect(row.fiatCurrency).toBe(unit.slice(8));
    expect(row.fiatAmount).toBe(BigInt(value));
  });

  it.each([
    ["a bare code", { unit: "USD", value: "100" }, "amount.unit"],
    ["a lower-case code", { unit: "iso4217/usd", value: "100" }, "amount.unit"],
    ["a code that is not ISO 4217", { unit: "iso4217/ABC", value: "100" }, "amount.unit"],
    ["gold (no minor unit)", { unit: "iso4217/XAU", value: "100" }, "amount.unit"],
    ["a number instead of a string", { unit: "iso4217/USD", value: 100 }, "amount.value"],
    ["zero", { unit: "iso4217/USD", value: "0" }, "amount.value"],
    ["a negative amount", { unit: "iso4217/USD", value: "-100" }, "amount.value"],
    ["a plus sign", { unit: "iso4217/USD", value: "+100" }, "amount.value"],
    ["a decimal point", { unit: "iso4217/USD", value: "12.50" }, "amount.value"],
    ["a leading zero", { unit: "iso4217/USD", value: "0100" }, "amount.value"],
    ["an exponent", { unit: "iso4217/USD", value: "1e3" }, "amount.value"],
    ["spaces", { unit: "iso4217/USD", value: " 100" }, "amount.value"],
    ["an empty string", { unit: "iso4217/USD", value: "" }, "amount.value"],
    ["more than the 32-bit bound", { unit: "iso4217/USD", value: "2147483648" }, "amount.value"],
    ["a huge number", { unit: "iso4217/USD", value: "9".repeat(40) }, "amount.value"],
  ])("refuses an amount with %s", async (_label, amount, field) => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, { amount, referenceId: "r" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("params_validation");
    expect(body.issues.map((i: { field: string }) => i.field)).toContain(field);
    expect(await countPayments(merchant.merchantId)).toBe(0);
  });

  it.each([
    ["missing", {}],
    ["empty", { referenceId: "" }],
    ["blank", { referenceId: "   " }],
    ["not a string", { referenceId: 42 }],
    ["longer than 255 characters", { referenceId: "x".repeat(256) }],
  ])("refuses a referenceId that is %s", async (_label, ref) => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, { amount: { unit: "iso4217/USD", value: "100" }, ...ref });
    expect(res.status).toBe(400);
    expect((await res.json()).issues.map((i: { field: string }) => i.field)).toContain("referenceId");
  });

  it("refuses a body without amount", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, { referenceId: "r" });
    expect(res.status).toBe(400);
    expect((await res.json()).issues.map((i: { field: string }) => i.field)).toContain("amount");
  });

  it("honours an explicit expiresAt", async () => {
    const merchant = await newMerchant();
    const expiresAt = nowSeconds() + 3600;
    const res = await createPaymentRequest(merchant, { ...usd("100"), expiresAt });
    expect(res.status).toBe(201);
    expect((await res.json()).expiresAt).toBe(expiresAt);
  });

  it.each([
    ["in the past", () => nowSeconds() - 10],
    ["now", () => nowSeconds()],
    ["more than 30 days ahead", () => nowSeconds() + 30 * 24 * 3600 + 60],
    ["not an integer", () => nowSeconds() + 60.5],
    ["a string", () => String(nowSeconds() + 600)],
  ])("refuses an expiresAt %s", async (_label, value) => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, { ...usd("100"), expiresAt: value() });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("params_validation");
    expect(body.issues.map((i: { field: string }) => i.field)).toContain("expiresAt");
    expect(await countPayments(merchant.merchantId)).toBe(0);
  });

  describe("checkout redirects (spec 4.1 rules 1-2)", () => {
    it("are enabled when both URLs are valid HTTPS", async () => {
      const merchant = await newMerchant();
      const res = await createPaymentRequest(merchant, {
        ...usd("100"),
        checkout: { successUrl: "https://shop.example/thanks?o=1", errorUrl: "https://shop.example/oops" },
      });
      expect(res.status).toBe(201);
      const row = await storedPayment((await res.json()).paymentId);
      expect(row.redirectsEnabled).toBe(true);
      expect(row.successUrl).toBe("https://shop.example/thanks?o=1");
      expect(row.errorUrl).toBe("https://shop.example/oops");
    });

    it.each([
      ["no checkout at all", undefined],
      ["only a success URL", { successUrl: "https://shop.example/ok" }],
      ["only an error URL", { errorUrl: "https://shop.example/err" }],
      ["an http success URL", { successUrl: "http://shop.example/ok", errorUrl: "https://shop.example/err" }],
      ["an http error URL", { successUrl: "https://shop.example/ok", errorUrl: "http://shop.example/err" }],
      ["a relative URL", { successUrl: "/ok", errorUrl: "https://shop.example/err" }],
      ["a javascript: URL", { successUrl: "javascript:alert(1)", errorUrl: "https://shop.example/err" }],
      ["a URL without host", { successUrl: "https://", errorUrl: "https://shop.example/err" }],
      ["null URLs", { successUrl: null, errorUrl: null }],
    ])("are disabled, and the payment still created, with %s", async (_label, checkout) => {
      const merchant = await newMerchant();
      const res = await createPaymentRequest(merchant, {
        ...usd("100"),
        ...(checkout === undefined ? {} : { checkout }),
      });
      expect(res.status).toBe(201);
      const row = await storedPayment((await res.json()).paymentId);
      expect(row.redirectsEnabled).toBe(false);
      expect(row.successUrl).toBeNull();
      expect(row.errorUrl).toBeNull();
    });

    it("refuses a checkout that is not an object", async () => {
      const merchant = await newMerchant();
      const res = await createPaymentRequest(merchant, { ...usd("100"), checkout: "https://shop.example" });
      expect(res.status).toBe(400);
      expect((await res.json()).issues.map((i: { field: string }) => i.field)).toContain("checkout");
    });
  });
});

async function countPayments(merchantId: string): Promise<number> {
  const rows = await testDb().db.select({ id: payments.id }).from(payments).where(eq(payments.merchantId, merchantId));
  return rows.length;
}
