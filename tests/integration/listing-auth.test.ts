import { describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/auth/revoke-api-key";
import { api, newMerchant } from "../support/api";
import { testDb } from "../support/db";

const legacy = (merchantId: string, headers: Record<string, string> = {}) =>
  api(`/v1/merchants/${merchantId}/payments`, { headers });

describe("listing authentication", () => {
  it("the deprecated route takes X-Api-Key and announces its successor", async () => {
    const m = await newMerchant();
    const res = await legacy(m.merchantId, { "x-api-key": m.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toMatch(/^@\d+$/);
    expect(res.headers.get("link")).toBe('</v1/merchants/payments>; rel="successor-version"');
    expect(await res.json()).toMatchObject({ data: [], stats: { total_transactions: 0, total_customers: 0 } });
  });

  it("the deprecated route also accepts Api-Key for backward compatibility", async () => {
    const m = await newMerchant();
    expect((await legacy(m.merchantId, { "api-key": m.apiKey })).status).toBe(200);
  });

  it.each([
    ["no key", () => ({}), 401, "missing_api_key"],
    ["a wrong key", (k: string) => ({ "x-api-key": `${k}x` }), 401, "invalid_api_key"],
  ])("the deprecated route answers %s with its spec 7.1 error body", async (_l, headers, status, code) => {
    const m = await newMerchant();
    const res = await legacy(m.merchantId, headers(m.apiKey));
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body).toMatchObject({ code, message: expect.any(String) });
    expect(res.headers.get("deprecation")).toMatch(/^@\d+$/);
  });

  it("the deprecated route refuses a revoked key, another merchant's key and an unknown merchant", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    expect((await (await legacy(a.merchantId, { "x-api-key": b.apiKey })).json()).code).toBe("invalid_api_key");
    expect((await legacy("mer_0000000000000000000000", { "x-api-key": a.apiKey })).status).toBe(401);
    await revokeApiKey(testDb().db, a.keyId);
    const revoked = await legacy(a.merchantId, { "x-api-key": a.apiKey });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).code).toBe("invalid_api_key");
  });

  it("the replacement route takes Api-Key with Merchant-Id, and answers only its contract's 401 codes", async () => {
    const m = await newMerchant();
    expect((await api("/v1/merchants/payments", { merchant: m })).status).toBe(200);
    const missing = await api("/v1/merchants/payments", { headers: { "merchant-id": m.merchantId } });
    expect(missing.status).toBe(401);
    expect((await missing.json()).code).toBe("missing_api_key");
    const noMerchant = await api("/v1/merchants/payments", { headers: { "api-key": m.apiKey } });
    expect(noMerchant.status).toBe(401);
    expect((await noMerchant.json()).code).toBe("missing_merchant_id");
    // An unknown merchant reads as a wrong key: the contract has no 404 here, and ids stay unconfirmed.
    const unknown = await api("/v1/merchants/payments", {
      merchant: { ...m, merchantId: "mer_0000000000000000000000" },
    });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).code).toBe("invalid_api_key");
    const wrong = await api("/v1/merchants/payments", { merchant: { ...m, apiKey: "sk_nope" } });
    expect((await wrong.json()).code).toBe("invalid_api_key");
  });
});
