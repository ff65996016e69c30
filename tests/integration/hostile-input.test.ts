import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { api, createPaymentRequest, legacyListing, newMerchant, usd, type TestMerchant } from "../support/api";
import { dash, signUpUser } from "../support/dashboard";
import { gw, newPayment } from "../support/gateway";

// Bad input answers 4xx with the usual {code, message}, never a 500: a NUL character in any string
// the API takes (PostgreSQL text cannot hold one, so it failed the query, and the unauthenticated
// sign-in logged the bound values on the way), and a year 0000 date (PostgreSQL has no such year).

const NUL = "\u0000";

async function expectRefused(res: Response, code = "invalid_params"): Promise<{ issues?: { field: string }[] }> {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  const body = JSON.parse(text);
  expect(body).toMatchObject({ code, message: expect.any(String) });
  expect(text).not.toMatch(/at .*\.(js|ts):\d+|stack/i);
  return body;
}

function post(merchant: TestMerchant, path: string, body: unknown): Promise<Response> {
  return api(path, {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("a NUL character in a JSON body is 400 invalid_params naming the field", () => {
  it("sign-in (unauthenticated), and nothing of it reaches the log", async () => {
    const marker = `nul-probe-${Date.now()}`;
    const res = await dash("/dashboard/api/sign-in", {
      method: "POST",
      json: { email: `${marker}${NUL}@shop.example`, password: `${marker}-password` },
    });
    expect((await expectRefused(res)).issues).toEqual([{ field: "email", message: expect.any(String) }]);
    expect(readFileSync(inject("serverLog"), "utf8")).not.toContain(marker);
  });

  it("sign-up", async () => {
    const res = await dash("/dashboard/api/sign-up", {
      method: "POST",
      json: { businessName: `Shop${NUL}`, email: "nul@shop.example", password: "a long passphrase" },
    });
    expect((await expectRefused(res)).issues?.[0]?.field).toBe("businessName");
  });

  it("create payment, on both routes, in a value or in a key", async () => {
    const merchant = await newMerchant();
    await expectRefused(await createPaymentRequest(merchant, { ...usd("100"), referenceId: `order${NUL}1` }));
    await expectRefused(
      await createPaymentRequest(
        merchant,
        { ...usd("100"), referenceId: `order${NUL}2` },
        { headers: {}, path: "/v1/payments" },
      ),
    );
    const inKey = await createPaymentRequest(
      merchant,
      { ...usd("100"), [`note${NUL}`]: "x" },
      { headers: {}, path: "/v1/payments" },
    );
    expect((await expectRefused(inKey)).issues?.[0]?.field).toBe("note\\0");
  });

  it("the gateway's options, fetch and confirm", async () => {
    const { paymentId } = await newPayment(await newMerchant());
    await expectRefused(
      await gw(paymentId, "/options", { body: { accounts: [`eip155:1:0x${"1".repeat(40)}${NUL}`] } }),
    );
    await expectRefused(await gw(paymentId, "/fetch", { body: { optionId: `opt_${NUL}`, data: "x" } }));
    const confirm = await gw(paymentId, "/confirm", { body: { optionId: "opt_x", results: [`0x${NUL}`] } });
    expect((await expectRefused(confirm)).issues?.[0]?.field).toBe("results.0");
  });

  it("webhook endpoint creation, and refunds", async () => {
    const merchant = await newMerchant();
    await expectRefused(await post(merchant, "/v1/webhook-endpoints", { url: `https://hooks.example/${NUL}` }));
    await expectRefused(await post(merchant, "/v1/refunds", { paymentId: `pay_${NUL}` }), "params_validation");
  });
});

describe("a NUL character in a query string or a path is 400 invalid_params", () => {
  it.each([
    ["the replacement listing", "/v1/merchants/payments?referenceId=a%00b"],
    ["the key-only listing", "/v1/payments?token_symbol=US%00DC"],
    ["the deprecated listing", "?cursor=%00"],
    ["webhook deliveries", "/v1/webhook-endpoints/whe_x/deliveries?limit=%00"],
  ])("%s", async (_label, path) => {
    const merchant = await newMerchant();
    const res = path.startsWith("?") ? await legacyListing(merchant, path.slice(1)) : await api(path, { merchant });
    expect((await expectRefused(res)).issues?.[0]?.field).toMatch(/^(referenceId|token_symbol|cursor|limit)$/);
  });

  it("the dashboard's payments page (no API route wrapper) shows the search as invalid instead of failing", async () => {
    const user = await signUpUser();
    const page = await dash("/dashboard/payments?q=a%00b", { headers: { cookie: user.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("must not contain the NUL character");
    await expectRefused(await dash("/dashboard/api/payments/export?q=a%00b", { user }));
  });

  it("the gateway's payment info and options", async () => {
    const { paymentId } = await newPayment(await newMerchant());
    await expectRefused(await gw(`${paymentId}%00`, ""));
    await expectRefused(await gw(paymentId, "/options?includePaymentInfo=%00", { body: { accounts: [] } }));
  });
});

describe("a year 0000 date is 400 params_validation", () => {
  it.each([
    ["startTs on the replacement listing", "/v1/merchants/payments?startTs=0000-01-01T00:00:00Z", "startTs"],
    ["endTs on the key-only listing", "/v1/payments?endTs=0000-12-31T23:59:59Z", "endTs"],
    [
      "start_ts (old name) on the replacement listing",
      "/v1/merchants/payments?start_ts=0000-06-01T00:00:00Z",
      "startTs",
    ],
  ])("%s", async (_label, path, field) => {
    const merchant = await newMerchant();
    const body = await expectRefused(await api(path, { merchant }), "params_validation");
    expect(body.issues?.map((i) => i.field)).toContain(field);
  });

  it("in the dashboard: the export refuses it, the overview falls back to its default range", async () => {
    const user = await signUpUser();
    const exported = await dash("/dashboard/api/payments/export?from=0000-01-01", { user });
    await expectRefused(exported, "params_validation");
    const overview = await dash("/dashboard?from=0000-01-01&to=0000-12-31", { headers: { cookie: user.cookie } });
    expect(overview.status).toBe(200);
    expect(await overview.text()).toContain("Choose both dates of the range");
  });
});
