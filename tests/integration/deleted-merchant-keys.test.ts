import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { apiKeys, payments } from "@/db/schema";
import { createApiKey } from "@/lib/auth/create-api-key";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { createPartner } from "@/lib/merchants/create-partner";
import { api, createPaymentRequest, legacyListing, usd, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// A merchant deleted over the Platform API (a soft delete) keeps its payments on record, and its keys
// are revoked in the same transaction. A key that escaped the revocation (issued by the CLI after the
// delete, or by the dashboard in a race with it) must still open nothing: the issue saw such a key
// list the merchant's payments.

async function deletedMerchantWithLiveKey(): Promise<{ merchant: TestMerchant; paymentId: string }> {
  const partner = await createPartner(testDb().db, "Deleting platform");
  const made = await fetch(`${inject("baseUrl")}/v1/merchants`, {
    method: "POST",
    headers: { "api-key": partner.apiKey, "content-type": "application/json", "idempotency-key": `del-${Date.now()}` },
    body: JSON.stringify({ merchantName: "Soon gone", merchantEmail: "gone@shop.example" }),
  });
  expect(made.status).toBe(201);
  const { id } = (await made.json()).merchant;
  const key = await createApiKey(testDb().db, { merchantId: id, name: "shop backend" });
  const merchant: TestMerchant = { merchantId: id, apiKey: key.secret, keyId: key.id };
  const created = await createPaymentRequest(merchant, usd("700"));
  expect(created.status).toBe(201);
  const { paymentId } = await created.json();

  const deleted = await fetch(`${inject("baseUrl")}/v1/merchants/${id}`, {
    method: "DELETE",
    headers: { "api-key": partner.apiKey },
  });
  expect(deleted.status).toBe(200);
  // The key escapes the revocation.
  await testDb().db.update(apiKeys).set({ revokedAt: null }).where(eq(apiKeys.id, key.id));
  return { merchant, paymentId };
}

const postJson = (merchant: TestMerchant, path: string, body: unknown) =>
  api(path, { method: "POST", merchant, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Every answer is `status` with `code`; the URL names the one that is not. */
async function expectAll(answers: Response[], status: number, code: string) {
  for (const res of answers) {
    expect(res.status, res.url).toBe(status);
    expect(await res.json()).toMatchObject({ code });
  }
}

describe("keys of a deleted merchant", () => {
  it("are refused with 401 by every listing and by create payment", async () => {
    const { merchant } = await deletedMerchantWithLiveKey();
    const keyOnly = { "api-key": merchant.apiKey };
    const refusals = [
      await api("/v1/payments", { headers: keyOnly }),
      await api("/v1/merchants/payments", { merchant }),
      await legacyListing(merchant),
      await createPaymentRequest(merchant, usd("700"), { headers: {}, path: "/v1/payments" }),
      await postJson(merchant, "/v1/refunds", { paymentId: "pay_0000000000000000000000" }),
    ];
    await expectAll(refusals, 401, "invalid_api_key");
  });

  it("open nothing on the other merchant routes either (the seed's create, status, webhooks: no such merchant)", async () => {
    const { merchant, paymentId } = await deletedMerchantWithLiveKey();
    const refusals = [
      await createPaymentRequest(merchant, usd("700")),
      await api(`/v1/merchant/payment/${paymentId}/status`, { merchant }),
      await api(`/v1/payments/${paymentId}`, { merchant }),
      await api("/v1/webhook-endpoints", { merchant }),
      await postJson(merchant, "/v1/webhook-endpoints", { url: "https://hooks.example/in" }),
    ];
    await expectAll(refusals, 404, "merchant_not_found");
    // Its payment is still on record.
    const kept = await testDb().db.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId));
    expect(kept).toEqual([{ id: paymentId }]);
  });

  it("a live merchant's key still lists (the refusal is about deletion only)", async () => {
    const live = await createMerchant(testDb().db, { name: "Still here", currency: "USD" });
    expect((await api("/v1/payments", { headers: { "api-key": live.apiKey } })).status).toBe(200);
  });
});
