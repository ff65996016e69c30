import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { api, createPaymentRequest, newMerchant, usd } from "../support/api";

/** Raw HTTP, for what fetch refuses to send (non-ASCII header bytes, chunked bodies). */
function rawRequest(
  path: string,
  { headers, body, method = "POST" }: { headers: Record<string, string>; body?: Buffer | string[]; method?: string },
) {
  const url = new URL(path, inject("baseUrl"));
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    if (Array.isArray(body)) for (const part of body) req.write(part);
    else if (body) req.write(body);
    req.end();
  });
}

function expectCleanError(body: string, code: string) {
  const parsed = JSON.parse(body);
  expect(parsed.code).toBe(code);
  expect(typeof parsed.message).toBe("string");
  expect(body).not.toMatch(/at .*\.(js|ts):\d+|stack/i);
}

describe("bad requests are 4xx with {code, message}, never a 500 or a stack trace", () => {
  it("malformed JSON is 400 invalid_params", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, '{"amount": {"unit": "iso4217/USD", ');
    expect(res.status).toBe(400);
    expectCleanError(await res.text(), "invalid_params");
  });

  it("an empty body is 400 invalid_params", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, "");
    expect(res.status).toBe(400);
    expectCleanError(await res.text(), "invalid_params");
  });

  it.each([
    ["an array", "[]"],
    ["a string", '"hello"'],
    ["null", "null"],
  ])("a JSON body that is %s is 400", async (_l, text) => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, text);
    expect(res.status).toBe(400);
    expectCleanError(await res.text(), "params_validation");
  });

  it.each([["text/plain"], ["application/x-www-form-urlencoded"], ["multipart/form-data; boundary=x"]])(
    "Content-Type %s is 415 unsupported_media_type",
    async (type) => {
      const merchant = await newMerchant();
      const res = await api("/v1/merchant/payment", {
        method: "POST",
        merchant,
        headers: { "content-type": type },
        body: JSON.stringify(usd("100")),
      });
      expect(res.status).toBe(415);
      expectCleanError(await res.text(), "unsupported_media_type");
    },
  );

  it("accepts application/json with a charset", async () => {
    const merchant = await newMerchant();
    const res = await api("/v1/merchant/payment", {
      method: "POST",
      merchant,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(usd("100")),
    });
    expect(res.status).toBe(201);
  });

  it("an oversized body is 413, whether it declares its length or streams in chunks", async () => {
    const merchant = await newMerchant();
    const big = JSON.stringify({ ...usd("100"), padding: "x".repeat(200_000) });
    const declared = await createPaymentRequest(merchant, big);
    expect(declared.status).toBe(413);
    expectCleanError(await declared.text(), "payload_too_large");

    const chunked = await rawRequest("/v1/merchant/payment", {
      headers: {
        "api-key": merchant.apiKey,
        "merchant-id": merchant.merchantId,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      body: Array.from({ length: 20 }, () => "x".repeat(10_000)),
    });
    expect(chunked.status).toBe(413);
    expectCleanError(chunked.body, "payload_too_large");
  });

  it("a non-ASCII header value is 400 header_not_ascii", async () => {
    const merchant = await newMerchant();
    const res = await rawRequest("/v1/merchant/payment", {
      headers: {
        "api-key": `${merchant.apiKey}é`,
        "merchant-id": merchant.merchantId,
        "content-type": "application/json",
      },
      body: Buffer.from(JSON.stringify(usd("100"))),
    });
    expect(res.status).toBe(400);
    expectCleanError(res.body, "header_not_ascii");

    const onStatus = await rawRequest("/v1/merchant/payment/pay_x/status", {
      headers: { "api-key": merchant.apiKey, "merchant-id": "mer_ü" },
      body: undefined,
      method: "GET",
    });
    expect(onStatus.status).toBe(400);
    expectCleanError(onStatus.body, "header_not_ascii");
  });

  it("every response carries a request id", async () => {
    const merchant = await newMerchant();
    const res = await createPaymentRequest(merchant, usd("100"));
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const echoed = await createPaymentRequest(merchant, usd("100"), {
      headers: { "x-request-id": "client-trace-12345" },
    });
    expect(echoed.headers.get("x-request-id")).toBe("client-trace-12345");
  });
});
