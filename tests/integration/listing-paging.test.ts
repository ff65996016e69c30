import { describe, expect, it } from "vitest";
import { legacyListing, createPaymentRequest, newMerchant, type TestMerchant } from "../support/api";
import { seedPayment } from "../support/seed";

type Page = { data: { payment_id: string; fiat_amount: number; created_at: string }[]; next_cursor?: string | null };

async function page(m: TestMerchant, query: string): Promise<Page> {
  const res = await legacyListing(m, query);
  expect(res.status).toBe(200);
  return res.json();
}

/** Follow next_cursor to the end, running `between` after every page. */
async function walk(m: TestMerchant, query: string, between: () => Promise<void> = async () => {}) {
  const seen: Page["data"] = [];
  let cursor: string | null | undefined;
  for (let i = 0; i < 100; i++) {
    const p = await page(m, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    seen.push(...p.data);
    cursor = p.next_cursor;
    if (!cursor) return seen;
    await between();
  }
  throw new Error("paging did not end");
}

describe("keyset paging (spec 4.3 cursor)", () => {
  it.each([
    ["date", "desc"],
    ["date", "asc"],
    ["amount", "desc"],
    ["amount", "asc"],
  ])("returns every payment exactly once sorted by %s %s, even while new payments arrive", async (sortBy, dir) => {
    const m = await newMerchant();
    const original = new Set<string>();
    // Ties on purpose: equal amounts and equal creation times must still page deterministically.
    const sameInstant = new Date(Date.now() - 60_000);
    for (let i = 0; i < 23; i++) {
      original.add(
        await seedPayment(m.merchantId, {
          fiatAmount: BigInt(100 + (i % 5)),
          createdAt: i % 3 === 0 ? sameInstant : new Date(Date.now() - i * 1000),
        }),
      );
    }
    let extra = 0;
    const seen = await walk(m, `limit=4&sort_by=${sortBy}&sort_dir=${dir}`, async () => {
      await createPaymentRequest(m, {
        amount: { unit: "iso4217/USD", value: String(100 + (extra++ % 7)) },
        referenceId: `late-${extra}`,
      });
    });
    const ids = seen.map((r) => r.payment_id);
    expect(new Set(ids).size).toBe(ids.length); // no duplicates, new arrivals included
    for (const id of original) expect(ids).toContain(id); // nothing skipped

    const keys = seen
      .filter((r) => original.has(r.payment_id))
      .map((r) => (sortBy === "amount" ? r.fiat_amount : Date.parse(r.created_at)));
    const sorted = [...keys].sort((x, y) => (dir === "asc" ? x - y : y - x));
    expect(keys).toEqual(sorted);
  });

  it("ends with next_cursor null on the last page", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 3; i++) await seedPayment(m.merchantId);
    expect((await page(m, "limit=3")).next_cursor ?? null).toBeNull();
    const first = await page(m, "limit=2");
    expect(first.data).toHaveLength(2);
    const last = await page(m, `limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(last.data).toHaveLength(1);
    expect(last.next_cursor ?? null).toBeNull();
  });

  it("defaults to 50 per page", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 51; i++) await seedPayment(m.merchantId);
    const first = await page(m, "");
    expect(first.data).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
  });
});
