import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "@/db/schema";
import { legacyListing, newMerchant, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { paid, seedPayment } from "../support/seed";

async function stats(m: TestMerchant, query = "") {
  const res = await legacyListing(m, `limit=1&${query}`);
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
    expect(await stats(m)).toEqual({
      total_transactions: 3,
      total_customers: 2,
      total_revenue: { amount: 20.01, currency: "USD" },
    });
    // The page holds one row; the stats still cover all.
    expect(await stats(m, "sort_by=amount")).toMatchObject({ total_transactions: 3 });
  });

  it("follow the filters: network, asset, status", async () => {
    const m = await newMerchant();
    await seedPayment(m.merchantId, { fiatAmount: 1000n, ...paid("0xa", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 500n, ...paid("0xb", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 300n, ...paid("S1", SOL, `${SOL}/token:Mint`) });
    expect(await stats(m, `network=${BASE}`)).toEqual({
      total_transactions: 2,
      total_customers: 2,
      total_revenue: { amount: 15, currency: "USD" },
    });
    expect(await stats(m, `asset=${encodeURIComponent(`${SOL}/token:Mint`)}`)).toEqual({
      total_transactions: 1,
      total_customers: 1,
      total_revenue: { amount: 3, currency: "USD" },
    });
    expect(await stats(m, "status=failed")).toEqual({
      total_transactions: 0,
      total_customers: 0,
      total_revenue: { amount: 0, currency: "USD" },
    });
    expect(await stats(m, "status=failed&status=succeeded")).toMatchObject({ total_transactions: 3 });
  });

  it("add up whole days and partial edge days of a date range exactly", async () => {
    const m = await newMerchant();
    const at = (iso: string, amount: bigint, buyer: string) =>
      seedPayment(m.merchantId, { fiatAmount: amount, ...paid(buyer, BASE), createdAt: new Date(iso) });
    await at("2026-03-01T08:00:00Z", 100n, "0xa"); // before the range
    await at("2026-03-01T20:00:00Z", 200n, "0xb"); // partial first day, inside
    await at("2026-03-02T00:00:00Z", 400n, "0xa"); // whole day
    await at("2026-03-03T12:00:00Z", 800n, "0xc"); // whole day
    await at("2026-03-04T05:59:59Z", 1600n, "0xb"); // partial last day, inside
    await at("2026-03-04T06:00:01Z", 3200n, "0xd"); // after the range
    const range = "start_ts=2026-03-01T12:00:00Z&end_ts=2026-03-04T06:00:00Z";
    expect(await stats(m, range)).toEqual({
      total_transactions: 4,
      total_customers: 3,
      total_revenue: { amount: 30, currency: "USD" },
    });
    // A range inside one day reads only raw rows.
    expect(await stats(m, "start_ts=2026-03-03T00:00:01Z&end_ts=2026-03-03T23:00:00Z")).toEqual({
      total_transactions: 1,
      total_customers: 1,
      total_revenue: { amount: 8, currency: "USD" },
    });
    // Open-ended ranges and offsets.
    expect(await stats(m, "start_ts=2026-03-03T00:00:00%2B02:00")).toMatchObject({ total_transactions: 3 });
    expect(await stats(m, "end_ts=2026-03-02T00:00:00Z")).toMatchObject({ total_transactions: 3, total_customers: 2 });
  });

  it("report revenue in the merchant's currency only", async () => {
    const m = await newMerchant();
    await seedPayment(m.merchantId, { fiatAmount: 1000n, ...paid("0xa", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 500n, fiatCurrency: "EUR", ...paid("0xb", BASE) });
    expect(await stats(m)).toEqual({
      total_transactions: 2,
      total_customers: 2,
      total_revenue: { amount: 10, currency: "USD" },
    });
  });

  it("count a payment once when it moves to succeeded through the API's own update path", async () => {
    const m = await newMerchant();
    const id = await seedPayment(m.merchantId, {
      fiatAmount: 700n,
      status: "processing",
      buyerAccount: `${BASE}:0xe`,
      chainId: BASE,
      tokenCaip19: `${BASE}/erc20:0x1`,
    });
    expect(await stats(m)).toMatchObject({ total_transactions: 0 });
    await testDb().db.update(payments).set({ status: "succeeded" }).where(eq(payments.id, id));
    await testDb().db.update(payments).set({ status: "succeeded" }).where(eq(payments.id, id));
    expect(await stats(m)).toEqual({
      total_transactions: 1,
      total_customers: 1,
      total_revenue: { amount: 7, currency: "USD" },
    });
  });

  it("count distinct buyers over any range and filter exactly as a direct count, whatever order payments succeed in", async () => {
    const m = await newMerchant();
    const { testDb } = await import("../support/db");
    const { payments } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const { sql } = testDb();
    // A fixed pseudo-random mix: 4 buyers on Base (two tokens) and 2 on Solana, paying over 12 days,
    // several times a day or not at all. Payments start as processing and succeed in shuffled order,
    // so a buyer's later day is often recorded before an earlier one.
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const buyers = [
      ["0xa", BASE],
      ["0xb", BASE],
      ["0xc", BASE],
      ["0xd", BASE],
      ["SolA", SOL],
      ["SolB", SOL],
    ] as const;
    const tokens: Record<string, string[]> = {
      [BASE]: [`${BASE}/erc20:0x1`, `${BASE}/erc20:0x2`],
      [SOL]: [`${SOL}/token:Mint`],
    };
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const [buyer, chain] = buyers[rand(buyers.length)]!;
      const token = tokens[chain]![rand(tokens[chain]!.length)]!;
      const createdAt = new Date(Date.UTC(2026, 4, 1 + rand(12), rand(24), rand(60)));
      ids.push(await seedPayment(m.merchantId, { ...paid(buyer, chain, token), status: "processing", createdAt }));
    }
    for (let i = ids.length - 1; i > 0; i--) {
      const j = rand(i + 1);
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    for (const id of ids.slice(0, 50))
      await testDb().db.update(payments).set({ status: "succeeded" }).where(eq(payments.id, id));

    const filters: [string, string | null, string | null][] = [
      ["", null, null],
      [`network=${BASE}`, BASE, null],
      [`asset=${encodeURIComponent(`${BASE}/erc20:0x2`)}`, null, `${BASE}/erc20:0x2`],
      [`network=${SOL}`, SOL, null],
    ];
    const iso = (ms: number) => new Date(ms).toISOString();
    const day0 = Date.UTC(2026, 3, 30);
    for (let k = 0; k < 24; k++) {
      // Ranges from inside one day to the whole period, edges on and off midnight, some open-ended.
      const a = day0 + rand(14) * 86_400_000 + (k % 3 === 0 ? 0 : rand(86_400) * 1000);
      const b = a + rand(10) * 86_400_000 + rand(86_400) * 1000;
      const start = k % 7 === 3 ? null : a;
      const end = k % 7 === 5 ? null : b;
      for (const [query, network, asset] of filters) {
        const range = [start === null ? "" : `start_ts=${iso(start)}`, end === null ? "" : `end_ts=${iso(end)}`]
          .filter(Boolean)
          .join("&");
        const [direct] = await sql<{ tx: number; customers: number }[]>`
          select count(*)::int as tx, count(distinct buyer_account)::int as customers from payments
           where merchant_id = ${m.merchantId} and status = 'succeeded'
             and (${start === null ? null : iso(start)}::timestamptz is null or created_at >= ${start === null ? null : iso(start)}::timestamptz)
             and (${end === null ? null : iso(end)}::timestamptz is null or created_at <= ${end === null ? null : iso(end)}::timestamptz)
             and (${network}::text is null or chain_id = ${network}) and (${asset}::text is null or token_caip19 = ${asset})`;
        const got = await stats(m, [range, query].filter(Boolean).join("&"));
        expect({ range, query, tx: got.total_transactions, customers: got.total_customers }).toEqual({
          range,
          query,
          tx: direct!.tx,
          customers: direct!.customers,
        });
      }
    }
  });
});
