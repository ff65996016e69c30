import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import { API_VERSION, type components, type paths } from "./openapi-types";

/**
 * A merchant's typed client of the service's HTTP API: every path, parameter, body and answer of the
 * OpenAPI document, checked by TypeScript. Imports nothing of the service's but its generated types, so a
 * shop's backend can copy this folder as it is.
 */
export type MerchantClient = Client<paths>;

/** What every error answers: `{code, message}`, plus `issues` on validation. */
export type ApiErrorBody = components["schemas"]["Error"];

export type MerchantClientOptions = {
  /** Where the service answers, e.g. https://pay.example.com (no trailing path). */
  baseUrl: string;
  /** The secret API key (`sk_…`), sent as `Api-Key`. A platform partner's key works for the Platform API. */
  apiKey: string;
  /** The `Merchant-Id` (`mer_…`) the merchant routes require; leave it out with a platform partner's key. */
  merchantId?: string;
  /**
   * The version sent as `WCP-Version`; by default the one the types were generated from, so that answers
   * keep the shape the types describe when the server starts serving a newer version.
   */
  apiVersion?: string;
  /** Another fetch (tests, proxies, retries); the global one by default. */
  fetch?: ClientOptions["fetch"];
};

/**
 * Calls answer `{ data, error, response }`: `data` typed by the route's success status, `error` by its error
 * statuses (an {@link ApiErrorBody}), never a throw for an HTTP error.
 *
 * @example
 * const api = createMerchantClient({ baseUrl, apiKey, merchantId });
 * const { data, error } = await api.POST("/v1/payments", {
 *   params: { header: { "Idempotency-Key": "order-1001" } },
 *   body: { amount: { unit: "iso4217/USD", value: "1250" }, referenceId: "order-1001" },
 * });
 */
export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  const headers: Record<string, string> = {
    "Api-Key": options.apiKey,
    "WCP-Version": options.apiVersion ?? API_VERSION,
  };
  if (options.merchantId !== undefined) headers["Merchant-Id"] = options.merchantId;
  return createClient<paths>({ baseUrl: options.baseUrl, headers, fetch: options.fetch });
}
