import { describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/auth/revoke-api-key";
import { api, createPaymentRequest, newMerchant, usd } from "../support/api";
import { testDb } from "../support/db";

async function errorOf(res: Response) {
  return { status: res.status, body: await res.json() };
}

describe("merchant authentication (spec 5.1) and payment ownership", () => {
  it("answers 401 missing_api_key without an Api-Key", async () => {
    const merchant = await newMerchant();
    const res = await api("/v1/merchant/payment", {
      method: "POST",
      headers: { "merchant-id": merchant.merchantId, "content-type": "application/json" },
      body: JSON.stringify(usd("100")),
    });
    expect(await errorOf(res)).toMatchObject({ status: 401, body: { code: "missing_api_key" } });
  });

  it("answers 400 missing_merchant_id without a Merchant-Id", async () => {
    const merchant = await newMerchant();
    const res = await api("/v1/merchant/payment", {
      method: "POST",
      headers: { "api-key": merchant.apiKey, "content-type": "application/json" },
      body: JSON.stringify(usd("100")),
    });
    expect(await errorOf(res)).toMatchObject({ status: 400, body: { code: "missing_merchant_id" } });
  });

  it("answers 401 invalid_api_key for a wrong key", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest({ ...merchant, apiKey: `${merchant.apiKey.slice(0, -1)}x` }, usd("100"));
    expect(await errorOf(res)).toMatchObject({ status: 401, body: { code: "invalid_api_key" } });
  });

  it("answers 401 invalid_api_key for another merchant's key", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const res = await createPaymentRequest({ ...a, apiKey: b.apiKey }, usd("100"));
    expect(await errorOf(res)).toMatchObject({ status: 401, body: { code: "invalid_api_key" } });
  });

  it("refuses a revoked key at once", async () => {
    const merchant = await newMerchant();
    expect((await createPaymentRequest(merchant, usd("100"))).status).toBe(201);
    expect(await revokeApiKey(testDb().db, merchant.keyId)).toBe(true);
    const res = await createPaymentRequest(merchant, usd("100"));
    expect(await errorOf(res)).toMatchObject({ status: 401, body: { code: "invalid_api_key" } });
  });

  it("answers 404 merchant_not_found for an unknown Merchant-Id", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest({ ...merchant, merchantId: "mer_0000000000000000000000" }, usd("100"));
    expect(await errorOf(res)).toMatchObject({ status: 404, body: { code: "merchant_not_found" } });
  });

  it("authenticates the status route the same way", async () => {
    const merchant = await newMerchant();
    const { paymentId } = await (await createPaymentRequest(merchant, usd("100"))).json();
    const noKey = await api(`/v1/merchant/payment/${paymentId}/status`, {
      headers: { "merchant-id": merchant.merchantId },
    });
    expect(await errorOf(noKey)).toMatchObject({ status: 401, body: { code: "missing_api_key" } });
    const badKey = await api(`/v1/merchant/payment/${paymentId}/status`, {
      merchant: { ...merchant, apiKey: "sk_nope" },
    });
    expect(await errorOf(badKey)).toMatchObject({ status: 401, body: { code: "invalid_api_key" } });
    const unknown = await api(`/v1/merchant/payment/${paymentId}/status`, {
      merchant: { ...merchant, merchantId: "mer_unknown" },
    });
    expect(await errorOf(unknown)).toMatchObject({ status: 404, body: { code: "merchant_not_found" } });
  });

  it("answers 404 payment_not_found for another merchant's payment, exactly as for a missing one", async () => {
    const owner = await newMerchant();
    const other = await newMerchant();
    const { paymentId } = await (await createPaymentRequest(owner, usd("100"))).json();
    const foreign = await errorOf(await api(`/v1/merchant/payment/${paymentId}/status`, { merchant: other }));
    const missing = await errorOf(
      await api(`/v1/merchant/payment/pay_0000000000000000000000/status`, { merchant: other }),
    );
    expect(foreign).toMatchObject({ status: 404, body: { code: "payment_not_found" } });
    expect(missing).toMatchObject({ status: 404, body: { code: "payment_not_found" } });
    const garbage = await api(`/v1/merchant/payment/not-a-payment-id/status`, { merchant: other });
    expect(await errorOf(garbage)).toMatchObject({ status: 404, body: { code: "payment_not_found" } });
  });
});
