import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, newMerchant, type TestMerchant } from "../support/api";
import { factsViolations } from "../support/contract-facts";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import { signWithDevnetBuyer } from "../support/pay-steps";
import { seedPayment } from "../support/seed";

/**
 * The contract suite for the merchant's /v1/payments… routes and the wallet gateway: each answer,
 * success or error, is validated with ajv against the facts file's schema for its route and status.
 * Refunds are here too. (The listings and the Platform API have theirs in listing-replacement and
 * platform-api.)
 */
const covered = new Set<string>();

async function check(
  method: string,
  factsPath: string,
  res: Response,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = (await res.json()) as Record<string, unknown>;
  expect(
    factsViolations({ method, path: factsPath, status: res.status, body }),
    `${method} ${factsPath} ${res.status} ${JSON.stringify(body)}`,
  ).toEqual([]);
  covered.add(`${method} ${factsPath} ${res.status}`);
  return { status: res.status, body };
}

const merchantCall = (
  merchant: TestMerchant | null,
  {
    method,
    path,
    body,
    headers = {},
  }: { method: string; path: string; body?: unknown; headers?: Record<string, string> },
) =>
  api(path, {
    method,
    merchant: merchant ?? undefined,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

const order = (value = "1250") => ({
  amount: { unit: "iso4217/USD", value },
  referenceId: `contract-${Date.now()}-${Math.random()}`,
});
const UNKNOWN = "pay_0000000000000000000000";

afterAll(() => {
  // Every documented status this suite can provoke was seen at least once.
  const expected = [
    "POST /v1/payments 201",
    "POST /v1/payments 400",
    "POST /v1/payments 401",
    "GET /v1/payments/{id} 200",
    "GET /v1/payments/{id} 401",
    "GET /v1/payments/{id} 404",
    "GET /v1/payments/{id}/status 200",
    "GET /v1/payments/{id}/status 404",
    "POST /v1/payments/{id}/cancel 200",
    "POST /v1/payments/{id}/cancel 400",
    "POST /v1/payments/{id}/cancel 404",
    "POST /v1/refunds 200",
    "POST /v1/refunds 400",
    "POST /v1/refunds 401",
    "POST /v1/refunds 404",
    "POST /v1/refunds 409",
    "GET /v1/gateway/payment/{id} 200",
    "GET /v1/gateway/payment/{id} 404",
    "POST /v1/gateway/payment/{id}/options 200",
    "POST /v1/gateway/payment/{id}/options 400",
    "POST /v1/gateway/payment/{id}/options 404",
    "POST /v1/gateway/payment/{id}/fetch 200",
    "POST /v1/gateway/payment/{id}/fetch 400",
    "POST /v1/gateway/payment/{id}/confirm 200",
    "POST /v1/gateway/payment/{id}/confirm 400",
    "GET /v1/gateway/payment/{id}/status 200",
    "GET /v1/gateway/payment/{id}/status 404",
    "POST /v1/gateway/payment/{id}/cancel 200",
    "POST /v1/gateway/payment/{id}/cancel 400",
    "POST /v1/gateway/payment/{id}/cancel 404",
  ];
  expect(expected.filter((k) => !covered.has(k))).toEqual([]);
});

describe("create (POST /v1/payments) answers what the contract describes", () => {
  let merchant: TestMerchant;
  beforeAll(async () => {
    merchant = await newMerchant();
  });
  const create = async (who: TestMerchant | null, body: unknown, headers?: Record<string, string>) =>
    check("POST", "/v1/payments", await merchantCall(who, { method: "POST", path: "/v1/payments", body, headers }));

  it("201 requires_action", async () => {
    const created = await create(merchant, { ...order(), checkout: null, expiresAt: null });
    expect(created).toMatchObject({ status: 201, body: { status: "requires_action", isFinal: false } });
  });

  it("400 for a bad body, a body that is not JSON, and one sent as text/plain", async () => {
    expect((await create(merchant, { amount: { unit: "iso4217/XXX", value: "-1" } })).status).toBe(400);
    expect((await create(merchant, "{not json")).status).toBe(400);
    expect((await create(merchant, "{}", { "content-type": "text/plain" })).status).toBe(400);
  });

  it("401 missing_api_key without a key", async () => {
    expect((await create(null, order())).body.code).toBe("missing_api_key");
  });

  it("401 invalid_api_key for a wrong key", async () => {
    expect((await create({ ...merchant, apiKey: "sk_wrong" }, order())).body.code).toBe("invalid_api_key");
  });

  it("401 for an unknown merchant (the contract has no 404 here)", async () => {
    expect((await create({ ...merchant, merchantId: "mer_unknown" }, order())).status).toBe(401);
  });

  it("400 idempotency_conflict for a reused key with another body", async () => {
    const key = { "idempotency-key": `contract-${Date.now()}` };
    expect((await create(merchant, order("100"), key)).status).toBe(201);
    expect(await create(merchant, order("200"), key)).toMatchObject({
      status: 400,
      body: { code: "idempotency_conflict" },
    });
  });
});

describe("the /v1/payments… routes answer what the contract describes", () => {
  it("detail, status and cancel: requires_action, cancelled, failed with its failureCode, succeeded with info and settlement; errors 400/401/404", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "410");
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${paymentId}` }),
        )
      ).body.status,
    ).toBe("requires_action");
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}/status",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${paymentId}/status` }),
        )
      ).body.status,
    ).toBe("requires_action");
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${UNKNOWN}` }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}",
          await merchantCall(null, { method: "GET", path: `/v1/payments/${paymentId}` }),
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}/status",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${UNKNOWN}/status` }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await check(
          "POST",
          "/v1/payments/{id}/cancel",
          await merchantCall(merchant, { method: "POST", path: `/v1/payments/${UNKNOWN}/cancel` }),
        )
      ).status,
    ).toBe(404);

    const cancelled = await newPayment(merchant, "411");
    expect(
      (
        await check(
          "POST",
          "/v1/payments/{id}/cancel",
          await merchantCall(merchant, { method: "POST", path: `/v1/payments/${cancelled.paymentId}/cancel` }),
        )
      ).body.status,
    ).toBe("cancelled");
    expect(
      (
        await check(
          "POST",
          "/v1/payments/{id}/cancel",
          await merchantCall(merchant, { method: "POST", path: `/v1/payments/${cancelled.paymentId}/cancel` }),
        )
      ).body.code,
    ).toBe("invalid_state");
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}/status",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${cancelled.paymentId}/status` }),
        )
      ).body.status,
    ).toBe("cancelled");

    const failed = await seedPayment(merchant.merchantId, { status: "failed" });
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${failed}` }),
        )
      ).body,
    ).toMatchObject({ status: "failed", failureCode: "declined_user" });
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}/status",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${failed}/status` }),
        )
      ).body.failureCode,
    ).toBe("declined_user");

    const signed = await signWithDevnetBuyer({ url: inject("baseUrl") } as never, {
      paymentId,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 1,
    });
    const confirmed = await check(
      "POST",
      "/v1/gateway/payment/{id}/confirm",
      await gw(paymentId, "/confirm", { body: { optionId: signed.optionId, results: [signed.result] } }),
    );
    expect(confirmed.status).toBe(200);
    expect((await waitFinal(paymentId)).status).toBe("succeeded");
    const detail = await check(
      "GET",
      "/v1/payments/{id}",
      await merchantCall(merchant, { method: "GET", path: `/v1/payments/${paymentId}` }),
    );
    expect(detail.body).toMatchObject({
      status: "succeeded",
      info: { txId: expect.any(String) },
      settlement: { successful: { txId: expect.any(String) } },
    });
    expect(
      (
        await check(
          "GET",
          "/v1/payments/{id}/status",
          await merchantCall(merchant, { method: "GET", path: `/v1/payments/${paymentId}/status` }),
        )
      ).body,
    ).toMatchObject({ status: "succeeded", info: { optionAmount: { value: "4100000" } } });
    expect(
      (
        await check(
          "POST",
          "/v1/payments/{id}/cancel",
          await merchantCall(merchant, { method: "POST", path: `/v1/payments/${paymentId}/cancel` }),
        )
      ).status,
    ).toBe(400);

    // Refunds (bookkeeping) on the same payments.
    const refund = (who: TestMerchant | null, body: unknown, headers: Record<string, string> = {}) =>
      merchantCall(who, { method: "POST", path: "/v1/refunds", body, headers });
    expect(
      (await check("POST", "/v1/refunds", await refund(merchant, { paymentId: cancelled.paymentId }))).body.code,
    ).toBe("payment_not_succeeded");
    expect((await check("POST", "/v1/refunds", await refund(merchant, { paymentId: UNKNOWN }))).body.code).toBe(
      "not_found",
    );
    expect((await check("POST", "/v1/refunds", await refund(merchant, { paymentId: "nope" }))).body.code).toBe(
      "params_validation",
    );
    expect((await check("POST", "/v1/refunds", await refund(merchant, "{not json"))).body.code).toBe(
      "params_validation",
    );
    expect((await check("POST", "/v1/refunds", await refund(null, { paymentId }))).body.code).toBe("missing_api_key");
    expect(
      (await check("POST", "/v1/refunds", await refund({ ...merchant, merchantId: "mer_unknown" }, { paymentId })))
        .status,
    ).toBe(401);
    expect((await check("POST", "/v1/refunds", await refund(merchant, { paymentId }))).body).toEqual({ paymentId });
    expect((await check("POST", "/v1/refunds", await refund(merchant, { paymentId }))).body.code).toBe(
      "already_refunded",
    );
  });
});

describe("the wallet gateway answers what the contract describes", () => {
  it("info, options with info, Solana fetch, confirm, status and cancel; their errors", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "520");
    const { evm, solana } = inject("devnet");
    const accounts = [`${evm.chainId}:${evm.buyers[0]!.address}`, `${solana.chainId}:${solana.buyers[0]!.publicKey}`];

    expect((await check("GET", "/v1/gateway/payment/{id}", await gw(paymentId, ""))).body).toMatchObject({
      status: "requires_action",
    });
    expect((await check("GET", "/v1/gateway/payment/{id}", await gw(UNKNOWN, ""))).status).toBe(404);

    const options = await check(
      "POST",
      "/v1/gateway/payment/{id}/options",
      await gw(`${paymentId}/options?includePaymentInfo=true`, "", { body: { accounts } }),
    );
    expect(options.body.info).toMatchObject({ status: "requires_action" });
    expect(
      (
        await check(
          "POST",
          "/v1/gateway/payment/{id}/options",
          await gw(paymentId, "/options", { body: { accounts: "nope" } }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await check("POST", "/v1/gateway/payment/{id}/options", await gw(UNKNOWN, "/options", { body: { accounts } })))
        .status,
    ).toBe(404);

    type Option = { id: string; actions: { type: string; data: { data?: string } }[] };
    const build = (options.body.options as Option[]).find((o) => o.actions[0]!.type === "build")!;
    const fetched = await check(
      "POST",
      "/v1/gateway/payment/{id}/fetch",
      await gw(paymentId, "/fetch", { body: { optionId: build.id, data: build.actions[0]!.data.data } }),
    );
    expect(fetched.status).toBe(200);
    expect(
      (await check("POST", "/v1/gateway/payment/{id}/fetch", await gw(paymentId, "/fetch", { body: { optionId: 7 } })))
        .status,
    ).toBe(400);

    expect(
      (
        await check(
          "POST",
          "/v1/gateway/payment/{id}/confirm",
          await gw(paymentId, "/confirm", { body: { optionId: build.id, results: [] } }),
        )
      ).status,
    ).toBe(400);
    expect((await check("GET", "/v1/gateway/payment/{id}/status", await gw(paymentId, "/status"))).body).toMatchObject({
      status: "requires_action",
      isFinal: false,
    });
    expect((await check("GET", "/v1/gateway/payment/{id}/status", await gw(UNKNOWN, "/status"))).status).toBe(404);

    expect(
      (await check("POST", "/v1/gateway/payment/{id}/cancel", await gw(paymentId, "/cancel", { body: {} }))).body,
    ).toMatchObject({ status: "cancelled", cancelledReason: "cancelled_by_user" });
    expect(
      (await check("POST", "/v1/gateway/payment/{id}/cancel", await gw(paymentId, "/cancel", { body: {} }))).status,
    ).toBe(400);
    expect(
      (await check("POST", "/v1/gateway/payment/{id}/cancel", await gw(UNKNOWN, "/cancel", { body: {} }))).status,
    ).toBe(404);
    expect((await check("GET", "/v1/gateway/payment/{id}/status", await gw(paymentId, "/status"))).body).toMatchObject({
      status: "cancelled",
      isFinal: true,
      pollInMs: null,
    });
  });
});
