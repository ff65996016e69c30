import { describe, expect, inject, it } from "vitest";
import { createMerchantClient, type ApiErrorBody } from "@/lib/merchant-client/create-merchant-client";
import { API_VERSION } from "@/lib/merchant-client/openapi-types";
import { newMerchant, type TestMerchant } from "../support/api";

const clientOf = (merchant: TestMerchant, apiKey = merchant.apiKey) =>
  createMerchantClient({ baseUrl: inject("baseUrl"), apiKey, merchantId: merchant.merchantId });

/** The typed body of a successful answer; fails the test with the error body otherwise. */
function ok<T>(answer: { data?: T; error?: ApiErrorBody; response: Response }): T {
  const { data, error, response } = answer;
  if (data === undefined) throw new Error(`${response.url} answered ${response.status} ${JSON.stringify(error)}`);
  return data;
}

describe("the typed merchant client (lib/merchant-client) against the server", () => {
  it("creates, reads, cancels and lists payments through both route families, with the types of the document", async () => {
    const merchant = await newMerchant();
    const api = clientOf(merchant);
    const referenceId = `client-${Date.now()}`;
    const create = () =>
      api.POST("/v1/payments", {
        params: { header: { "Idempotency-Key": referenceId } },
        body: { amount: { unit: "iso4217/USD", value: "1250" }, referenceId },
      });

    const created = await create();
    expect(created.response.status).toBe(201);
    // The client speaks the version its types were generated from, and is answered in it.
    expect(created.response.headers.get("wcp-version")).toBe(API_VERSION);
    const payment = ok(created);
    expect(payment).toMatchObject({ status: "requires_action", isFinal: false });
    expect(payment.gatewayUrl).toContain(payment.paymentId);
    const id = payment.paymentId;

    const replay = await create();
    expect(replay.response.headers.get("idempotent-replayed")).toBe("true");
    expect(ok(replay).paymentId).toBe(id);

    // The seed's route family creates and reads in spec 3.1's vocabulary through the same client.
    const seedPayment = ok(
      await api.POST("/v1/merchant/payment", {
        body: { amount: { unit: "iso4217/USD", value: "999" }, referenceId: `${referenceId}-seed` },
      }),
    );
    expect(seedPayment.status).toBe("pending");

    const path = { id };
    expect(ok(await api.GET("/v1/payments/{id}/status", { params: { path } }))).toEqual({
      status: "requires_action",
      isFinal: false,
      pollInMs: expect.any(Number),
      info: null,
      failureCode: null,
    });
    expect(ok(await api.GET("/v1/merchant/payment/{id}/status", { params: { path } })).status).toBe("pending");
    expect(ok(await api.GET("/v1/payments/{id}", { params: { path } }))).toMatchObject({
      status: "requires_action",
      referenceId,
      settlement: null,
    });

    const cancelled = ok(await api.POST("/v1/payments/{id}/cancel", { params: { path } }));
    expect(cancelled).toEqual({
      paymentId: id,
      status: "cancelled",
      cancelledReason: "cancelled_by_merchant",
      cancelledAt: expect.any(String),
    });
    const status = ok(await api.GET("/v1/payments/{id}/status", { params: { path } }));
    expect(status).toMatchObject({ status: "cancelled", isFinal: true, pollInMs: null });
    const seedStatus = ok(await api.GET("/v1/merchant/payment/{id}/status", { params: { path } }));
    expect(seedStatus).toEqual({ status: "failed", isFinal: true, pollInMs: null });

    const again = await api.POST("/v1/payments/{id}/cancel", { params: { path } });
    expect(again.response.status).toBe(400);
    expect(again.error?.code).toBe("invalid_state");

    // The listing's query is typed too: statuses are the contract's, repeated as the route reads them.
    const listed = ok(await api.GET("/v1/payments", { params: { query: { status: ["cancelled"], limit: 10 } } }));
    expect(listed.data.map((p) => [p.paymentId, p.status, p.referenceId, p.fiatAmount?.value])).toEqual([
      [id, "cancelled", referenceId, "1250"],
    ]);
    const everything = ok(await api.GET("/v1/merchants/payments", { params: { query: { sortBy: "amount" } } }));
    expect(everything.data.map((p) => [p.paymentId, p.status, p.isTerminal])).toEqual([
      [id, "cancelled", true],
      [seedPayment.paymentId, "requires_action", false],
    ]);
    expect(everything.nextCursor).toBeNull();
  });

  it("answers a wrong key, a missing payment and a bad body with the typed error body, never a throw", async () => {
    const merchant = await newMerchant();
    const wrongKey = clientOf(merchant, `${merchant.apiKey.slice(0, -4)}xxxx`);
    const refused = await wrongKey.POST("/v1/payments", {
      body: { amount: { unit: "iso4217/USD", value: "500" }, referenceId: "wrong-key" },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.data).toBeUndefined();
    const error: ApiErrorBody | undefined = refused.error;
    expect(error).toEqual({ code: "invalid_api_key", message: expect.any(String) });
    const listing = await wrongKey.GET("/v1/payments");
    expect([listing.response.status, listing.error?.code]).toEqual([401, "invalid_api_key"]);

    // Another merchant's payment does not exist for this one.
    const other = ok(
      await clientOf(await newMerchant()).POST("/v1/payments", {
        body: { amount: { unit: "iso4217/USD", value: "500" }, referenceId: "theirs" },
      }),
    );
    const api = clientOf(merchant);
    const stranger = await api.GET("/v1/payments/{id}", { params: { path: { id: other.paymentId } } });
    expect([stranger.response.status, stranger.error?.code]).toEqual([404, "payment_not_found"]);

    const invalid = await api.POST("/v1/payments", {
      body: { amount: { unit: "iso4217/USD", value: "12.50" }, referenceId: "bad-amount" },
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.code).toBe("params_validation");
    expect(invalid.error?.issues?.map((issue) => issue.field)).toContain("amount.value");
  });
});
