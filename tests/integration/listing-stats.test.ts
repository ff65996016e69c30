import { describe, expect, it } from "vitest";
import { api, newMerchant, type TestMerchant } from "../support/api";
import { paid, seedPayment } from "../support/seed";

async function stats(m: TestMerchant, query = "") {
  const res = await api(`/v1/merchants/payments?limit=1&${query}`, { merchant: m });
  expect(res.status).toBe(200);
  return (await res.json()).stats;
}

const BASE = "eip155:8453";
const SOL = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";

describe("listing statistics (spec 2.5)", () => {
  it("count succeeded payments, distinct buyers and revenue in major units, over all matches", async () => {
    const m = await newMerchant();
    // Three succeeded payments by two buyers, plus payments that must not count.
    await seedPayment(m.merchantId, { fiatAmount: 1250n, ...paid("0xa", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 750n, ...paid("0xa", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 1n, ...paid("Sol1", SOL, `${SOL}/token:Mint`) });
    await seedPayment(m.merchantId, { fiatAmount: 99999n, status: "failed" });
    await seedPayment(m.merchantId, { fiatAmount: 99999n });
    await seedPayment(m.merchantId, { fiatAmount: 99999n, status: "processing" });
    expect(await stats(m)).toEqual({ total_transactions: 3, total_customers: 2, total_revenue: { amount: 20.01, currency: "USD" } });
    // The page holds one row; the stats still cover all.
    expect(await stats(m, "sort_by=amount")).toMatchObject({ total_transactions: 3 });
  });

  it("follow the filters: network, asset, status", async () => {
    const m = await newMerchant();
    await seedPayment(m.merchantId, { fiatAmount: 1000n, ...paid("0xa", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 500n, ...paid("0xb", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 300n, ...paid("S1", SOL, `${SOL}/token:Mint`) });
    expect(await stats(m, `network=${BASE}`)).toEqual({ total_transactions: 2, total_customers: 2, total_revenue: { amount: 15, currency: "USD" } });
    expect(await stats(m, `asset=${encodeURIComponent(`${SOL}/token:Mint`)}`)).toEqual({ total_transactions: 1, total_customers: 1, total_revenue: { amount: 3, currency: "USD" } });
    expect(await stats(m, "status=failed")).toEqual({ total_transactions: 0, total_customers: 0, total_revenue: { amount: 0, currency: "USD" } });
    expect(await stats(m, "status=failed&status=succeeded")).toMatchObject({ total_transactions: 3 });
  });

  it("add up whole days and partial edge days of a date range exactly", async () => {
    const m = await newMerchant();
    const at = (iso: string, amount: bigint, buyer: string) => seedPayment(m.merchantId, { fiatAmount: amount, ...paid(buyer, BASE), createdAt: new Date(iso) });
    await at("2026-03-01T08:00:00Z", 100n, "0xa"); // before the range
    await at("2026-03-01T20:00:00Z", 200n, "0xb"); // partial first day, inside
    await at("2026-03-02T00:00:00Z", 400n, "0xa"); // whole day
    await at("2026-03-03T12:00:00Z", 800n, "0xc"); // whole day
    await at("2026-03-04T05:59:59Z", 1600n, "0xb"); // partial last day, inside
    await at("2026-03-04T06:00:01Z", 3200n, "0xd"); // after the range
    const range = "start_ts=2026-03-01T12:00:00Z&end_ts=2026-03-04T06:00:00Z";
    expect(await stats(m, range)).toEqual({ total_transactions: 4, total_customers: 3, total_revenue: { amount: 30, currency: "USD" } });
    // A range inside one day reads only raw rows.
    expect(await stats(m, "start_ts=2026-03-03T00:00:01Z&end_ts=2026-03-03T23:00:00Z")).toEqual({ total_transactions: 1, total_customers: 1, total_revenue: { amount: 8, currency: "USD" } });
    // Open-ended ranges and offsets.
    expect(await stats(m, "start_ts=2026-03-03T00:00:00%2B02:00")).toMatchObject({ total_transactions: 3 });
    expect(await stats(m, "end_ts=2026-03-02T00:00:00Z")).toMatchObject({ total_transactions: 3, total_customers: 2 });
  });

  it("report revenue in the merchant's currency only", async () => {
    const m = await newMerchant();
    await seedPayment(m.merchantId, { fiatAmount: 1000n, ...paid("0xa", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 500n, fiatCurrency: "EUR", ...paid("0xb", BASE) });
    expect(await stats(m)).toEqual({ total_transactions: 2, total_customers: 2, total_revenue: { amount: 10, currency: "USD" } });
  });

  it("count a payment once when it moves to succeeded through the API's own update path", async () => {
    const m = await newMerchant();
    const id = await seedPayment(m.merchantId, { fiatAmount: 700n, status: "processing", buyerAccount: `${BASE}:0xe`, chainId: BASE, tokenCaip19: `${BASE}/erc20:0x1` });
    expect(await stats(m)).toMatchObject({ total_transactions: 0 });
    const { testDb } = await import("../support/db");
    const { payments } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    await testDb().db.update(payments).set({ status: "succeeded" }).where(eq(payments.id, id));
    await testDb().db.update(payments).set({ status: "succeeded" }).where(eq(payments.id, id));
    expect(await stats(m)).toEqual({ total_transactions: 1, total_customers: 1, total_revenue: { amount: 7, currency: "USD" } });
  });
});
