import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/create-api-key";
import { STANDARD_SCOPES, type ApiKeyScope } from "@/lib/auth/scopes";
import { newId } from "@/lib/ids";
import { hashApiKey } from "@/lib/auth/api-key-secret";
import { api, newMerchant, usd, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { paid, seedPayment } from "../support/seed";

// A key carries scopes chosen when it is made; every merchant route names the scopes it needs and
// refuses a key without one with 403 and the scope named, before it reads anything. Each route is
// called with a key holding only what it needs (allowed) and with a key holding every other scope
// (refused), against the real server.

type Call = { scopes: ApiKeyScope[]; call: (m: TestMerchant, ids: Ids) => Promise<Response> };
type Ids = { pending: string; succeeded: string };

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const ROUTES: Record<string, Call> = {
  "POST /v1/payments": {
    scopes: ["payments:create"],
    call: (m) => api("/v1/payments", { merchant: m, ...json(usd("500")) }),
  },
  "POST /v1/merchant/payment": {
    scopes: ["payments:create"],
    call: (m) => api("/v1/merchant/payment", { merchant: m, ...json(usd("500")) }),
  },
  "POST /v1/payments/{id}/cancel": {
    scopes: ["payments:write"],
    call: (m, ids) => api(`/v1/payments/${ids.pending}/cancel`, { merchant: m, method: "POST" }),
  },
  "GET /v1/payments/{id}/status": {
    scopes: ["payments:status"],
    call: (m, ids) => api(`/v1/payments/${ids.pending}/status`, { merchant: m }),
  },
  "GET /v1/merchant/payment/{id}/status": {
    scopes: ["payments:status"],
    call: (m, ids) => api(`/v1/merchant/payment/${ids.pending}/status`, { merchant: m }),
  },
  "GET /v1/payments/{id}": {
    scopes: ["payments:read"],
    call: (m, ids) => api(`/v1/payments/${ids.pending}`, { merchant: m }),
  },
  "GET /v1/payments": { scopes: ["payments:read"], call: (m) => api("/v1/payments", { merchant: m }) },
  "GET /v1/merchants/payments": {
    scopes: ["payments:read"],
    call: (m) => api("/v1/merchants/payments", { merchant: m }),
  },
  "GET /v1/merchants/{id}/payments": {
    scopes: ["payments:read"],
    call: (m) => api(`/v1/merchants/${m.merchantId}/payments`, { headers: { "x-api-key": m.apiKey } }),
  },
  "GET /v1/transfers": { scopes: ["payments:read"], call: (m) => api("/v1/transfers", { merchant: m }) },
  "POST /v1/transfers/{id}/dismiss": {
    scopes: ["payments:read", "payments:write"],
    call: (m) => api(`/v1/transfers/trf_${"0".repeat(22)}/dismiss`, { merchant: m, method: "POST" }),
  },
  "POST /v1/refunds": {
    scopes: ["refunds:write"],
    call: (m, ids) => api("/v1/refunds", { merchant: m, ...json({ paymentId: ids.succeeded }) }),
  },
  "GET /v1/webhook-endpoints": {
    scopes: ["webhooks:manage"],
    call: (m) => api("/v1/webhook-endpoints", { merchant: m }),
  },
  "POST /v1/webhook-endpoints": {
    scopes: ["webhooks:manage"],
    call: (m) => api("/v1/webhook-endpoints", { merchant: m, ...json({ url: "https://shop.example/hooks" }) }),
  },
  "GET /v1/payment-links": { scopes: ["links:manage"], call: (m) => api("/v1/payment-links", { merchant: m }) },
  "POST /v1/payment-links": {
    scopes: ["links:manage"],
    call: (m) => api("/v1/payment-links", { merchant: m, ...json({ description: "Tea", amount: "450" }) }),
  },
  "GET /v1/pos/sales": {
    scopes: ["pos:sales"],
    call: (m) =>
      api(`/v1/pos/sales?since=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`, { merchant: m }),
  },
  "POST /v1/pos/charges": {
    scopes: ["payments:create"],
    call: (m) => api("/v1/pos/charges", { merchant: m, ...json({ amount: "450" }) }),
  },
};

/** A key of `merchant` holding exactly `scopes`. */
async function keyWith(merchant: TestMerchant, scopes: readonly ApiKeyScope[]): Promise<TestMerchant> {
  const key = await createApiKey(testDb().db, {
    merchantId: merchant.merchantId,
    name: "scoped",
    grant: { kind: "standard", scopes },
  });
  return { ...merchant, apiKey: key.secret, keyId: key.id };
}

async function paymentsOf(merchant: TestMerchant): Promise<Ids> {
  return {
    pending: await seedPayment(merchant.merchantId),
    succeeded: await seedPayment(merchant.merchantId, paid("0x00000000000000000000000000000000000000b1")),
  };
}

/** Every scope there is but `needed` (and what would grant them). */
function allBut(needed: ApiKeyScope[]): ApiKeyScope[] {
  const granting: Partial<Record<ApiKeyScope, ApiKeyScope>> = {
    "payments:create": "payments:write",
    "payments:status": "payments:read",
  };
  const excluded = new Set(needed.flatMap((s) => [s, granting[s]].filter(Boolean) as ApiKeyScope[]));
  return [...STANDARD_SCOPES, "payments:create", "payments:status", "pos:sales"].filter(
    (s) => !excluded.has(s as ApiKeyScope),
  ) as ApiKeyScope[];
}

describe("scoped API keys on every merchant route", () => {
  it.each(Object.entries(ROUTES))(
    "%s: allowed with its scopes, refused with 403 naming the missing one without",
    async (_, route) => {
      const merchant = await newMerchant();
      const ids = await paymentsOf(merchant);

      const allowed = await route.call(await keyWith(merchant, route.scopes), ids);
      expect([401, 403]).not.toContain(allowed.status);
      expect(allowed.status).toBeLessThan(500);

      // For a route needing two scopes, a key with either one alone is refused, naming the other.
      for (const held of route.scopes.length > 1 ? route.scopes.map((s) => [s]) : [allBut(route.scopes)]) {
        const refused = await route.call(await keyWith(merchant, held), ids);
        expect(refused.status).toBe(403);
        const body = (await refused.json()) as { code: string; message: string };
        expect(body.code).toBe("insufficient_scope");
        const missing = route.scopes.find((s) => !held.includes(s))!;
        expect(body.message).toContain(missing);
      }
    },
  );

  it("a refused key changes nothing: no payment made, none cancelled, none refunded", async () => {
    const merchant = await newMerchant();
    const ids = await paymentsOf(merchant);
    const reader = await keyWith(merchant, ["payments:read"]);
    expect((await ROUTES["POST /v1/payments"]!.call(reader, ids)).status).toBe(403);
    expect((await ROUTES["POST /v1/payments/{id}/cancel"]!.call(reader, ids)).status).toBe(403);
    expect((await ROUTES["POST /v1/refunds"]!.call(reader, ids)).status).toBe(403);
    const rows = await testDb().sql<{ status: string; refunded_at: Date | null }[]>`
      select status, refunded_at from payments where merchant_id = ${merchant.merchantId} order by created_at`;
    expect(rows.map((r) => [r.status, r.refunded_at])).toEqual([
      ["pending", null],
      ["succeeded", null],
    ]);
  });

  it("a key made before scopes existed (no scopes written) keeps every standard scope", async () => {
    const merchant = await newMerchant();
    const ids = await paymentsOf(merchant);
    const secret = `sk_old_${newId("key").slice(4)}`;
    const id = newId("key");
    // As the migration left every existing row: inserted without the column, given its default.
    await testDb().sql`
      insert into api_keys (id, merchant_id, name, key_hash, prefix)
      values (${id}, ${merchant.merchantId}, 'old', ${hashApiKey(secret)}, ${secret.slice(0, 8)})`;
    const old = { ...merchant, apiKey: secret, keyId: id };
    for (const [name, route] of Object.entries(ROUTES)) {
      const res = await route.call(old, ids);
      if (route.scopes.includes("pos:sales")) expect(res.status, name).toBe(403);
      else expect([401, 403], name).not.toContain(res.status);
    }
  });

  it("authentication comes first: a wrong key is 401 whatever the route's scope", async () => {
    const merchant = await newMerchant();
    const ids = await paymentsOf(merchant);
    const wrong = { ...merchant, apiKey: "sk_wrong_key_that_does_not_exist" };
    for (const route of Object.values(ROUTES)) expect((await route.call(wrong, ids)).status).toBe(401);
  });
});
