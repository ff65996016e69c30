import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { api, createPaymentRequest, newMerchant, usd } from "../support/api";

describe("operations", () => {
  it("GET /healthz is 200 when the database answers", async () => {
    const res = await api("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok", draining: false, reasons: [] });
  });

  it("GET /readyz is 200 while the database answers with its migrations applied and the networks load", async () => {
    const res = await api("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", reasons: [] });
  });

  it("GET /openapi.json is an OpenAPI 3.1 document of the existing routes, with the handlers' schemas", async () => {
    const res = await api("/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/healthz",
        "/livez",
        "/openapi.json",
        "/readyz",
        "/v1/merchant/payment",
        "/v1/merchant/payment/{id}/status",
        "/v1/payments",
        "/v1/payments/{id}",
        "/v1/payments/{id}/status",
        "/v1/payments/{id}/cancel",
        "/v1/refunds",
        "/v1/transfers",
        "/v1/transfers/{id}/attach",
        "/v1/transfers/{id}/dismiss",
        "/v1/pos/charges",
        "/v1/pos/sales",
        "/v1/merchants/payments",
        "/v1/merchants/{merchant_id}/payments",
        "/v1/merchants",
        "/v1/merchants/{merchantId}",
        "/v1/merchants/{merchantId}/settlements",
        "/v1/merchants/{merchantId}/settlements/crypto",
        "/v1/merchants/{merchantId}/settlements/crypto/{id}",
        "/v1/gateway/payment/{id}",
        "/v1/gateway/payment/{id}/options",
        "/v1/gateway/payment/{id}/fetch",
        "/v1/gateway/payment/{id}/confirm",
        "/v1/gateway/payment/{id}/status",
        "/v1/gateway/payment/{id}/payment-requests",
        "/v1/gateway/payment/{id}/solana-pay/{asset}",
        "/v1/gateway/payment/{id}/cancel",
        "/v1/webhook-endpoints",
        "/v1/webhook-endpoints/{id}",
        "/v1/webhook-endpoints/{id}/rotate-secret",
        "/v1/webhook-endpoints/{id}/disable",
        "/v1/webhook-endpoints/{id}/enable",
        "/v1/webhook-endpoints/{id}/test",
        "/v1/webhook-endpoints/{id}/deliveries",
        "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend",
        "/v1/webhook-endpoints/{id}/resend-failed",
        "/v1/payment-links",
        "/v1/payment-links/{id}",
        "/v1/payment-links/{id}/payments",
        "/v1/payment-links/{id}/checkout",
      ].sort(),
    );
    const create = doc.paths["/v1/merchant/payment"].post;
    expect(create.security).toEqual([{ ApiKey: [], MerchantId: [] }]);
    const bodyRef = create.requestBody.content["application/json"].schema.$ref as string;
    const body = doc.components.schemas[bodyRef.split("/").pop()!];
    expect(body.required.sort()).toEqual(["amount", "referenceId"]);
    const amount = doc.components.schemas.FiatAmount;
    expect(amount.properties.value.pattern).toBe("^[1-9][0-9]*$");
    expect(create.responses["201"]).toBeDefined();
    expect(create.responses["409"]["x-error-codes"]).toContain("idempotency_conflict");
    const status = doc.paths["/v1/merchant/payment/{id}/status"].get;
    expect(status.responses["404"]["x-error-codes"]).toEqual(
      expect.arrayContaining(["payment_not_found", "merchant_not_found"]),
    );
    // Every $ref resolves inside the document.
    for (const ref of JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? []) {
      expect(doc.components.schemas[ref.slice('"#/components/schemas/'.length, -1)], ref).toBeDefined();
    }
  });

  it("logs one line per request with a request id, and never the API key", async () => {
    const merchant = await newMerchant();
    const marker = `trace-${Date.now()}-log-check`;
    await createPaymentRequest(merchant, usd("100"), { headers: { "x-request-id": marker } });
    await createPaymentRequest({ ...merchant, apiKey: `${merchant.apiKey}-wrong` }, usd("100"), {
      headers: {
        "x-request-id": `${marker}-2`,
      },
    });
    await new Promise((r) => setTimeout(r, 300));
    const lines = readFileSync(inject("serverLog"), "utf8").split("\n").filter(Boolean);
    const mine = lines.filter((l) => l.includes(marker)).map((l) => JSON.parse(l));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ reqId: marker, method: "POST", path: "/v1/merchant/payment", status: 201 });
    expect(mine[1]).toMatchObject({ reqId: `${marker}-2`, status: 401 });
    const all = lines.join("\n");
    expect(all).not.toContain(merchant.apiKey);
    expect(all).not.toContain(merchant.apiKey.slice(3));
  });
});

describe("unknown addresses", () => {
  it("an unknown /v1 path is a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await api("/v1/merchant/refunds", { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("the known routes still win over the catch-all", async () => {
    expect((await api("/v1/merchants/payments")).status).toBe(401);
    expect((await api("/v1/merchant/payment/pay_0000000000000000000000/status")).status).toBe(401);
  });

  it("an unknown page is a generic 404 page", async () => {
    const res = await api("/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });
});
