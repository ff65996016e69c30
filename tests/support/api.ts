import { inject } from "vitest";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { testDb } from "./db";

export type TestMerchant = { merchantId: string; apiKey: string; keyId: string };

let counter = 0;

/** Each test gets its own merchant, so tests never see each other's payments. */
export async function newMerchant(name = `Test merchant ${++counter}`): Promise<TestMerchant> {
  return createMerchant(testDb().db, { name, currency: "USD" });
}

export function api(path: string, init: RequestInit & { merchant?: TestMerchant } = {}): Promise<Response> {
  const { merchant, headers, ...rest } = init;
  const all = new Headers(headers);
  if (merchant) {
    all.set("api-key", merchant.apiKey);
    all.set("merchant-id", merchant.merchantId);
  }
  return fetch(`${inject("baseUrl")}${path}`, { ...rest, headers: all });
}

/** The deprecated path-based listing (spec 4.3, snake_case), with its legacy `X-Api-Key`. */
export function legacyListing(merchant: TestMerchant, query = ""): Promise<Response> {
  return api(`/v1/merchants/${merchant.merchantId}/payments?${query}`, { headers: { "x-api-key": merchant.apiKey } });
}

export function createPaymentRequest(
  merchant: TestMerchant,
  body: unknown,
  { headers = {}, path = "/v1/merchant/payment" }: { headers?: Record<string, string>; path?: string } = {},
) {
  return api(path, {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export const usd = (value: string) => ({
  amount: { unit: "iso4217/USD", value },
  referenceId: `order-${Date.now()}-${Math.random()}`,
});
