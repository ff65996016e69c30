import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { paid, seedPayment } from "../support/seed";

const BASE = "eip155:8453";
const own = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
afterAll(() => own.end({ timeout: 5 }));

async function merchantStats(merchantId: string) {
  const [row] = await testDb().sql<{ n: string }[]>`
    select total_transactions as n from merchant_stats where merchant_id = ${merchantId}`;
  return row ? Number(row.n) : 0;
}

describe("the statistics queue (migration 0041)", () => {
  it("lets two payments of one merchant succeed at once: neither waits for the other's commit", async () => {
    const m = await newMerchant();
    const first = await seedPayment(m.merchantId, { ...paid("0xa", BASE), status: "processing" });
    const second = await seedPayment(m.merchantId, { ...paid("0xb", BASE), status: "processing" });
    const { sql } = testDb();
    // One settlement stays open (as a busy instance's would, between its statements and its commit)...
    const open = own.begin(async (tx) => {
      await tx`update payments set status = 'succeeded' where id = ${first}`;
      await new Promise((r) => setTimeout(r, 3000));
    });
    await new Promise((r) => setTimeout(r, 300));
    // ...while the other commits: with the aggregates updated in the step itself it would queue on
    // the merchant's statistics row until the first commits, and the lock timeout would fail it.
    const started = performance.now();
    await sql.begin(async (tx) => {
      await tx`set local lock_timeout = '1s'`;
      await tx`update payments set status = 'succeeded' where id = ${second}`;
    });
    expect(performance.now() - started).toBeLessThan(1000);
    await open;
  });

  it("folds queued successes in the background, with no reader asking", async () => {
    const m = await newMerchant();
    await seedPayment(m.merchantId, { fiatAmount: 500n, ...paid("0xa", BASE) });
    await seedPayment(m.merchantId, { fiatAmount: 700n, ...paid("0xb", BASE) });
    const deadline = Date.now() + 10_000;
    while ((await merchantStats(m.merchantId)) < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await merchantStats(m.merchantId)).toBe(2);
    const [left] = await testDb().sql<{ n: string }[]>`
      select count(*) as n from merchant_stats_inbox where merchant_id = ${m.merchantId}`;
    expect(Number(left!.n)).toBe(0);
  });
});
