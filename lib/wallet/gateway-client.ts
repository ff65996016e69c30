import type { z } from "zod";
import {
  fetchResponseSchema,
  gatewayErrorBodySchema,
  gatewayStatusSchema,
  optionsResponseSchema,
  paymentInfoSchema,
  type GatewayStatus,
  type OptionsResponse,
  type PaymentInfo,
} from "./gateway-schemas";
import type { WalletAction } from "./wallet-actions";
import { WalletFlowError } from "./wallet-error";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type GatewayClientOptions = {
  /** Origin (and optional path prefix) of the service; "" means the page's own origin. */
  baseUrl?: string;
  /** Injected fetch (tests, Node without a global fetch, instrumentation). */
  fetch?: FetchLike;
  /** Sent as `Sdk-Name`; the service records it as the wallet that paid. */
  walletName?: string;
  /** Extra headers on every call, e.g. `App-Id`/`Client-Id` where a deployment asks for them. */
  headers?: Record<string, string>;
};

export type GatewayClient = {
  /** Options for the accounts the wallet holds keys for (rule 1: build them with accountsFor). */
  getOptions(
    paymentId: string,
    accounts: string[],
    o?: { includePaymentInfo?: boolean; signal?: AbortSignal },
  ): Promise<OptionsResponse>;
  /** Resolves one build action of an option into wallet actions. */
  fetchActions(
    paymentId: string,
    request: { optionId: string; data: string },
    o?: { signal?: AbortSignal },
  ): Promise<WalletAction[]>;
  /** Submits one result per action, in order; with maxPollMs the answer waits for a final status. */
  confirm(
    paymentId: string,
    request: { optionId: string; results: string[] },
    o?: { maxPollMs?: number; signal?: AbortSignal },
  ): Promise<GatewayStatus>;
  /** The payment's status; with maxPollMs the answer waits (long poll) until final or the budget ends. */
  getStatus(paymentId: string, o?: { maxPollMs?: number; signal?: AbortSignal }): Promise<GatewayStatus>;
  /** Fiat amount, expiry, merchant, status and buyer of the payment. */
  getInfo(paymentId: string, o?: { signal?: AbortSignal }): Promise<PaymentInfo>;
};

/**
 * The gateway's wallet-facing calls (spec 4.5). A non-2xx answer is a WalletFlowError
 * "gateway_error" carrying the HTTP status and the server's code (quote_expired, payment_expired,
 * invalid_state, verification_failed…); so is an unreachable server (status 0, code
 * network_error) and an answer that does not parse (code bad_response). Nothing is retried here:
 * a confirm must not be sent twice behind the caller's back.
 */
export function createGatewayClient(opts: GatewayClientOptions = {}): GatewayClient {
  const base = (opts.baseUrl ?? "").replace(/\/+$/, "");
  // Bound late, so a fetch patched after creation (tests, instrumentation) is the one used.
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init));

  const url = (paymentId: string, tail: string, query: Record<string, string | number | boolean | undefined> = {}) => {
    const search = Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join("&");
    return `${base}/v1/gateway/payment/${encodeURIComponent(paymentId)}${tail}${search ? `?${search}` : ""}`;
  };

  async function call<S extends z.ZodType>(
    schema: S,
    { target, body, signal }: { target: string; body: unknown; signal: AbortSignal | undefined },
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (opts.walletName) headers["sdk-name"] = opts.walletName;
    let res: Response;
    try {
      res = await doFetch(target, {
        method: body === undefined ? "GET" : "POST",
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        cache: "no-store",
      });
    } catch (cause) {
      // An abort is the caller's own doing: let it through as it is.
      if (signal?.aborted) throw cause;
      throw new WalletFlowError("gateway_error", "The payment service could not be reached.", {
        gateway: { status: 0, code: "network_error" },
        cause,
      });
    }
    const json = parseJson(await res.text().catch(() => ""));
    if (!res.ok) {
      const err = gatewayErrorBodySchema.safeParse(json);
      const { code, message } = err.success
        ? err.data
        : { code: "http_error", message: `The payment service answered ${res.status}.` };
      throw new WalletFlowError("gateway_error", message, { gateway: { status: res.status, code } });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new WalletFlowError(
        "gateway_error",
        "The payment service sent an answer this wallet does not understand.",
        { gateway: { status: res.status, code: "bad_response" }, cause: parsed.error },
      );
    }
    return parsed.data;
  }

  return {
    getOptions: (paymentId, accounts, o = {}) =>
      call(optionsResponseSchema, {
        target: url(paymentId, "/options", { includePaymentInfo: o.includePaymentInfo ? true : undefined }),
        body: { accounts },
        signal: o.signal,
      }),
    fetchActions: async (paymentId, { optionId, data }, o = {}) =>
      (
        await call(fetchResponseSchema, {
          target: url(paymentId, "/fetch"),
          body: { optionId, data },
          signal: o.signal,
        })
      ).actions,
    confirm: (paymentId, { optionId, results }, o = {}) =>
      call(gatewayStatusSchema, {
        target: url(paymentId, "/confirm", { maxPollMs: o.maxPollMs }),
        body: { optionId, results },
        signal: o.signal,
      }),
    getStatus: (paymentId, o = {}) =>
      call(gatewayStatusSchema, {
        target: url(paymentId, "/status", { maxPollMs: o.maxPollMs }),
        body: undefined,
        signal: o.signal,
      }),
    getInfo: (paymentId, o = {}) =>
      call(paymentInfoSchema, { target: url(paymentId, ""), body: undefined, signal: o.signal }),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
