import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys, payments } from "@/db/schema";
import { createPaymentRequest, newMerchant, usd } from "../support/api";
import { testDb } from "../support/db";

async function paymentIds(merchantId: string) {
  const rows = await testDb().db.select({ id: payments.id }).from(payments).where(eq(payments.merchantId, merchantId));
  return rows.map((r) => r.id);
}

describe("Idempotency-Key on create", () => {
  it("returns the same payment for the same key and body, without a second row", async () => {
    const merchant = await newMerchant();
    const body = usd("1999");
    const first = await createPaymentRequest(merchant, body, { headers: { "idempotency-key": "order-1" } });
    const second = await createPaymentRequest(merchant, body, { headers: { "idempotency-key": "order-1" } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const a = await first.json();
    const b = await second.json();
    expect(b).toEqual(a);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await paymentIds(merchant.merchantId)).toEqual([a.paymentId]);
  });

  it("treats the same body with keys in another order as the same request", async () => {
    const merchant = await newMerchant();
    const first = await createPaymentRequest(
      merchant,
      '{"amount":{"unit":"iso4217/USD","value":"5"},"referenceId":"x"}',
      { headers: { "idempotency-key": "k" } },
    );
    const second = await createPaymentRequest(
      merchant,
      '{"referenceId":"x","amount":{"value":"5","unit":"iso4217/USD"}}',
      { headers: { "idempotency-key": "k" } },
    );
    expect((await second.json()).paymentId).toBe((await first.json()).paymentId);
  });

  it("answers 409 idempotency_conflict for the same key with a different body, and creates nothing", async () => {
    const merchant = await newMerchant();
    const first = await createPaymentRequest(
      merchant,
      { amount: { unit: "iso4217/USD", value: "100" }, referenceId: "a" },
      { headers: { "idempotency-key": "k1" } },
    );
    const conflict = await createPaymentRequest(
      merchant,
      { amount: { unit: "iso4217/USD", value: "200" }, referenceId: "a" },
      { headers: { "idempotency-key": "k1" } },
    );
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ code: "idempotency_conflict" });
    expect(await paymentIds(merchant.merchantId)).toEqual([(await first.json()).paymentId]);
  });

  it("makes exactly one payment from 50 concurrent requests with one key", async () => {
    const merchant = await newMerchant();
    const body = usd("4200");
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        createPaymentRequest(merchant, body, { headers: { "idempotency-key": "burst" } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).paymentId)));
    expect(ids.size).toBe(1);
    expect(await paymentIds(merchant.merchantId)).toEqual([...ids]);
    const records = await testDb()
      .db.select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.merchantId, merchant.merchantId));
    expect(records).toHaveLength(1);
  });

  it("scopes keys to the merchant: two merchants may use the same key", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const body = usd("100");
    const pa = await (await createPaymentRequest(a, body, { headers: { "idempotency-key": "shared" } })).json();
    const pb = await (await createPaymentRequest(b, body, { headers: { "idempotency-key": "shared" } })).json();
    expect(pa.paymentId).not.toBe(pb.paymentId);
  });

  it("does not burn the key on a request that failed validation", async () => {
    const merchant = await newMerchant();
    const bad = await createPaymentRequest(
      merchant,
      { amount: { unit: "iso4217/USD", value: "0" }, referenceId: "r" },
      { headers: { "idempotency-key": "retry" } },
    );
    expect(bad.status).toBe(400);
    const good = await createPaymentRequest(
      merchant,
      { amount: { unit: "iso4217/USD", value: "1" }, referenceId: "r" },
      { headers: { "idempotency-key": "retry" } },
    );
    expect(good.status).toBe(201);
  });

  it("refuses a key longer than 255 characters", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, usd("100"), { headers: { "idempotency-key": "k".repeat(256) } });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("invalid_params");
  });
});
