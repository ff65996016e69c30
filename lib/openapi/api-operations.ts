import { paymentRequestsResponse } from "@/lib/gateway/requests/request-schemas";
import {
  solanaPayLabelResponse,
  solanaPayTransactionBody,
  solanaPayTransactionResponse,
} from "@/lib/gateway/requests/solana-pay-schemas";
import { z } from "zod";
import { confirmBody } from "@/lib/gateway/confirm-payment";
import { fetchBody } from "@/lib/gateway/fetch-actions";
import { optionsBody } from "@/lib/gateway/parse-accounts";
import { listingQuerySchema } from "@/lib/listings/listing-query";
import { listingResponseSchema } from "@/lib/listings/listing-schemas";
import {
  merchantPaymentsQuerySchema,
  merchantPaymentsResponseSchema,
  partnerPaymentsQuerySchema,
} from "@/lib/listings/merchant-payments-schemas";
import { DEPRECATED_NAMES } from "@/lib/listings/parse-merchant-payments-query";
import { healthSchema, readinessSchema } from "@/lib/operations/gas-schemas";
import {
  cancelResponse,
  contractCreateResponse,
  contractDetailResponse,
  contractStatusResponse,
} from "@/lib/payments/contract-views";
import { PLATFORM_OPERATIONS } from "./platform-operations";
import { PAYMENT_LINK_OPERATIONS } from "./payment-link-operations";
import { POS_OPERATIONS } from "./pos-operations";
import { TRANSFER_OPERATIONS } from "./transfer-operations";
import { WEBHOOK_OPERATIONS } from "./webhook-operations";
import { refundBody, refundResponse } from "@/lib/payments/refund-payment";
import { createPaymentBody, paymentResponse, paymentStatusResponse } from "@/lib/payments/schemas";
import type { ApiKeyScope } from "@/lib/auth/scopes";
import type { ErrorCode } from "@/lib/errors/api-error";

export const errorBody = z
  .object({
    code: z.string().meta({ description: "Machine-readable code from the service's closed table" }),
    message: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });

export type ApiOperation = {
  operationId: string;
  method: "get" | "post" | "patch" | "put" | "delete";
  path: string;
  summary: string;
  tags: string[];
  /** `key`: Api-Key alone names its merchant (Merchant-Id optional). `platform`: a partner's key. */
  auth: "merchant" | "key" | "legacy" | "platform" | "none";
  /** The API key scopes the route requires (lib/auth/scopes.ts); a key without one is answered 403 insufficient_scope. */
  scopes?: ApiKeyScope[];
  deprecated?: boolean;
  parameters?: Record<string, unknown>[];
  body?: z.ZodType;
  /** The body may be left out entirely (its fields all have defaults). */
  bodyOptional?: boolean;
  response: { status: number; description: string; schema: z.ZodType };
  errors: ErrorCode[];
  /** Where this operation answers a code with another status than the table's (ApiError's override). */
  errorStatus?: Partial<Record<ErrorCode, number>>;
};

const AUTH_ERRORS: ErrorCode[] = [
  "missing_api_key",
  "missing_merchant_id",
  "invalid_api_key",
  "merchant_not_found",
  "header_not_ascii",
  "internal_error",
];
const PAYMENT_ID = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^pay_[0-9A-Za-z]{22}$" },
};
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "Same key and body return the same payment; same key with another body is 409 idempotency_conflict",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

const createPayment = (path: string, contract: boolean): ApiOperation => ({
  operationId: contract ? "paymentsCreatePayment" : "createPayment",
  method: "post",
  path,
  summary: contract
    ? "Create a payment (the contract's statuses: requires_action …)"
    : "Create a payment (spec 3.1 statuses: pending …)",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:create"],
  parameters: [IDEMPOTENCY_KEY],
  body: createPaymentBody,
  response: {
    status: 201,
    description: "The payment; send the buyer to gatewayUrl",
    schema: contract ? contractCreateResponse : paymentResponse,
  },
  errors: contract
    ? [
        "invalid_params",
        "params_validation",
        "idempotency_conflict",
        "missing_api_key",
        "missing_merchant_id",
        "invalid_api_key",
        "header_not_ascii",
        "internal_error",
      ]
    : [
        "invalid_params",
        "params_validation",
        "unsupported_media_type",
        "payload_too_large",
        "idempotency_conflict",
        ...AUTH_ERRORS,
      ],
  // The contract answers create with 201, 400, 401 and 500 only.
  errorStatus: contract ? { idempotency_conflict: 400 } : undefined,
});

const paymentStatus = (path: string, contract: boolean): ApiOperation => ({
  operationId: contract ? "paymentsGetPaymentStatus" : "getPaymentStatus",
  method: "get",
  path,
  summary: contract
    ? "A payment's status, with info once succeeded and failureCode once failed"
    : "Verify a payment's status (spec 3.1: a cancelled payment reads failed)",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:status"],
  parameters: [PAYMENT_ID, MAX_POLL],
  response: {
    status: 200,
    description: "Current status",
    schema: contract ? contractStatusResponse : paymentStatusResponse,
  },
  errors: ["payment_not_found", ...AUTH_ERRORS],
});

// What zod cannot say of a query string: `limit` is parsed from text, the dates are refined in code.
const DATE_TIME = { type: "string", format: "date-time", example: "2026-02-19T00:00:00Z" };
const AS_DOCUMENTED: Record<string, Record<string, unknown>> = {
  limit: { type: "integer", minimum: 1, maximum: 200, default: 50 },
  start_ts: DATE_TIME,
  end_ts: DATE_TIME,
  startTs: DATE_TIME,
  endTs: DATE_TIME,
};

/** Query parameters from the same zod schema the listing parses with. */
function queryParameters(schema: z.ZodObject): Record<string, unknown>[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const documented = AS_DOCUMENTED[name];
    const json = documented
      ? { ...documented }
      : (z.toJSONSchema(field as z.ZodType, { io: "input", unrepresentable: "any" }) as Record<string, unknown>);
    delete json.$schema;
    const array = json.type === "array";
    return { name, in: "query", required: false, schema: json, ...(array ? { style: "form", explode: true } : {}) };
  });
}

const LISTING_ERRORS: ErrorCode[] = [
  "invalid_params",
  "params_validation",
  "missing_api_key",
  "invalid_api_key",
  "header_not_ascii",
  "internal_error",
];

const deprecatedListing: ApiOperation = {
  operationId: "listMerchantPaymentsDeprecated",
  method: "get",
  path: "/v1/merchants/{merchant_id}/payments",
  summary: "List a merchant's payments (deprecated: use GET /v1/merchants/payments)",
  tags: ["Listings"],
  auth: "legacy",
  scopes: ["payments:read"],
  deprecated: true,
  parameters: [
    { name: "merchant_id", in: "path", required: true, schema: { type: "string" } },
    ...queryParameters(listingQuerySchema),
  ],
  response: {
    status: 200,
    description: "A page of payments and statistics over every match (spec 2.5)",
    schema: listingResponseSchema,
  },
  errors: LISTING_ERRORS,
};

/** Today's snake_case names, accepted for one release beside the contract's. */
const DEPRECATED_QUERY = Object.entries(DEPRECATED_NAMES).map(([old, name]) => {
  const param = queryParameters(merchantPaymentsQuerySchema).find((p) => p.name === name)!;
  return { ...param, name: old, deprecated: true, description: `Deprecated: use ${name}` };
});

/** The replacement listings: the contract's query and MerchantPaymentsResponse (plus our extra record fields). */
const replacementListing = (partner: boolean): ApiOperation => ({
  operationId: partner ? "listPartnerPayments" : "listMerchantPayments",
  method: "get",
  path: partner ? "/v1/payments" : "/v1/merchants/payments",
  summary: partner ? "List the API key's merchant's payments with statistics" : "List payments with statistics",
  tags: ["Listings"],
  auth: partner ? "key" : "merchant",
  scopes: ["payments:read"],
  parameters: [
    ...queryParameters(partner ? partnerPaymentsQuerySchema : merchantPaymentsQuerySchema),
    ...DEPRECATED_QUERY,
  ],
  response: {
    status: 200,
    description: "A page of payments and statistics over every match",
    schema: merchantPaymentsResponseSchema,
  },
  errors: partner ? LISTING_ERRORS : [...LISTING_ERRORS, "missing_merchant_id"],
  errorStatus: { missing_merchant_id: 401 },
});

const MAX_POLL = {
  name: "maxPollMs",
  in: "query",
  required: false,
  description: "Long-poll: hold the answer until the payment is final or this many milliseconds pass (at most 30000)",
  schema: { type: "integer", minimum: 0 },
};
const INCLUDE_INFO = {
  name: "includePaymentInfo",
  in: "query",
  required: false,
  description: "Also answer the payment's info",
  schema: { type: "boolean" },
};
const QUERY_OF: Record<string, Record<string, unknown>[]> = {
  "/options": [INCLUDE_INFO],
  "/confirm": [MAX_POLL],
  "/status": [MAX_POLL],
};

const GATEWAY_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A payment id (pay_…), or a URL-encoded payment link whose pid holds it",
  schema: { type: "string" },
};
const GATEWAY_ERRORS: ErrorCode[] = ["payment_not_found", "invalid_params", "params_validation", "internal_error"];
const anyObject = (id: string) => z.record(z.string(), z.unknown()).meta({ id });

const gateway = (
  method: "get" | "post",
  suffix: string,
  operationId: string,
  summary: string,
  body: z.ZodType | undefined,
  response: z.ZodType,
  errors: ErrorCode[] = [],
): ApiOperation => ({
  operationId,
  method,
  path: `/v1/gateway/payment/{id}${suffix}`,
  summary,
  tags: ["Gateway"],
  auth: "none",
  parameters: [GATEWAY_ID, ...(QUERY_OF[suffix] ?? [])],
  body,
  response: { status: 200, description: summary, schema: response },
  errors: [...GATEWAY_ERRORS, ...errors],
});

const SOLANA_PAY_ASSET = {
  name: "asset",
  in: "path",
  required: true,
  description:
    "The Solana asset: its CAIP-19 with ':' and '/' written as '.', e.g. `solana.5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.token.<mint>` or `solana.<genesis>.slip44.501`",
  schema: { type: "string" },
};

/**
 * A Solana Pay transaction request's link (`kind: "solana-pay-transaction"` of the payment requests):
 * the GET and POST of the Solana Pay spec, answered to any origin (`Access-Control-Allow-Origin: *`,
 * and an OPTIONS preflight).
 */
function solanaPayOperations(): ApiOperation[] {
  const errors: ErrorCode[] = ["payment_expired", "invalid_state", "not_found", "rate_limited"];
  const get = gateway(
    "get",
    "/solana-pay/{asset}",
    "getSolanaPayLabel",
    "Solana Pay transaction request: the merchant's label and icon",
    undefined,
    solanaPayLabelResponse,
    errors,
  );
  const post = gateway(
    "post",
    "/solana-pay/{asset}",
    "createSolanaPayTransaction",
    "Solana Pay transaction request: the transfer for the wallet's account, co-signed by the service's fee payer (the quote is stored first)",
    solanaPayTransactionBody,
    solanaPayTransactionResponse,
    [...errors, "too_many_options", "fees_budget_exhausted", "unsupported_media_type", "bad_gateway"],
  );
  return [get, post].map((op) => ({ ...op, parameters: [...op.parameters!, SOLANA_PAY_ASSET] }));
}

const health = z.object({ status: z.string() }).meta({ id: "Health" });

/** Every route of the service. A test checks this list against the route files under app/. */
export const API_OPERATIONS: ApiOperation[] = [
  createPayment("/v1/merchant/payment", false),
  createPayment("/v1/payments", true),
  paymentStatus("/v1/merchant/payment/{id}/status", false),
  paymentStatus("/v1/payments/{id}/status", true),
  {
    operationId: "paymentsGetPayment",
    method: "get",
    path: "/v1/payments/{id}",
    summary: "A payment's detail: status, referenceId, info, failureCode, settlement",
    tags: ["Payments"],
    auth: "merchant",
    scopes: ["payments:read"],
    parameters: [PAYMENT_ID],
    response: { status: 200, description: "The payment", schema: contractDetailResponse },
    errors: ["payment_not_found", ...AUTH_ERRORS],
  },
  {
    operationId: "paymentsCancelPayment",
    method: "post",
    path: "/v1/payments/{id}/cancel",
    summary: "Cancel a payment that still requires action (reason cancelled_by_merchant)",
    tags: ["Payments"],
    auth: "merchant",
    scopes: ["payments:write"],
    parameters: [PAYMENT_ID],
    response: { status: 200, description: "Cancelled", schema: cancelResponse },
    errors: ["invalid_state", "payment_not_found", ...AUTH_ERRORS],
    errorStatus: { invalid_state: 400 },
  },
  replacementListing(false),
  replacementListing(true),
  deprecatedListing,
  ...PLATFORM_OPERATIONS,
  {
    operationId: "createRefund",
    method: "post",
    path: "/v1/refunds",
    summary: "Mark a succeeded payment refunded (bookkeeping: the merchant refunds the buyer from its own wallet)",
    tags: ["Refunds"],
    auth: "merchant",
    scopes: ["refunds:write"],
    body: refundBody,
    response: { status: 200, description: "The payment is now marked refunded", schema: refundResponse },
    errors: [
      "params_validation",
      "payment_not_succeeded",
      "not_found",
      "already_refunded",
      "missing_api_key",
      "missing_merchant_id",
      "invalid_api_key",
      "header_not_ascii",
      "internal_error",
    ],
    // As the contract answers refunds: a missing Merchant-Id is 401 there.
    errorStatus: { missing_merchant_id: 401 },
  },
  ...WEBHOOK_OPERATIONS,
  ...TRANSFER_OPERATIONS,
  ...PAYMENT_LINK_OPERATIONS,
  ...POS_OPERATIONS,
  gateway("get", "", "getPaymentInfo", "Payment info for wallets", undefined, anyObject("PaymentInfo")),
  gateway(
    "post",
    "/options",
    "getPaymentOptions",
    "Payment options for the wallet's accounts",
    optionsBody,
    anyObject("PaymentOptions"),
    ["payment_expired", "invalid_state", "too_many_options", "rate_limited", "bad_gateway"],
  ),
  gateway(
    "post",
    "/fetch",
    "fetchActions",
    "Resolve a build action into wallet actions",
    fetchBody,
    anyObject("FetchedActions"),
    ["payment_expired", "invalid_state", "quote_expired", "rate_limited", "bad_gateway"],
  ),
  gateway(
    "post",
    "/confirm",
    "confirmPayment",
    "Confirm with the wallet's results",
    confirmBody,
    anyObject("GatewayStatus"),
    [
      "payment_expired",
      "invalid_state",
      "quote_expired",
      "fees_budget_exhausted",
      "verification_failed",
      "rate_limited",
      "bad_gateway",
    ],
  ),
  gateway(
    "get",
    "/payment-requests",
    "getPaymentRequests",
    "Payment requests a phone wallet pays by scanning (Solana Pay transfer requests, EIP-681)",
    undefined,
    paymentRequestsResponse,
    ["payment_expired", "invalid_state", "rate_limited"],
  ),
  ...solanaPayOperations(),
  gateway(
    "get",
    "/status",
    "getGatewayPaymentStatus",
    "The payment's status for wallets",
    undefined,
    anyObject("GatewayStatus"),
  ),
  {
    ...gateway(
      "post",
      "/cancel",
      "gatewayCancelPayment",
      "The buyer cancels a payment that still requires action (reason cancelled_by_user)",
      undefined,
      cancelResponse,
      ["invalid_state", "rate_limited"],
    ),
    errorStatus: { invalid_state: 400 },
  },
  {
    operationId: "healthz",
    method: "get",
    path: "/healthz",
    summary:
      "Details for operators: networks and their RPC endpoints, gas keys, watcher and webhook backlog (503 when the database does not answer)",
    tags: ["Operations"],
    auth: "none",
    response: {
      status: 200,
      description: "status degraded when something needs attention, named in reasons",
      schema: healthSchema,
    },
    errors: [],
  },
  {
    operationId: "readyz",
    method: "get",
    path: "/readyz",
    summary:
      "Readiness for a load balancer: 503 while draining, or when the database, its migrations or the networks are not there",
    tags: ["Operations"],
    auth: "none",
    response: {
      status: 200,
      description: "Ready for traffic (503 with the reasons otherwise)",
      schema: readinessSchema,
    },
    errors: [],
  },
  {
    operationId: "livez",
    method: "get",
    path: "/livez",
    summary: "Liveness: the process runs (touches nothing else)",
    tags: ["Operations"],
    auth: "none",
    response: { status: 200, description: "Alive", schema: health },
    errors: [],
  },
  {
    operationId: "openapi",
    method: "get",
    path: "/openapi.json",
    summary: "This document",
    tags: ["Operations"],
    auth: "none",
    response: { status: 200, description: "OpenAPI 3.1", schema: z.record(z.string(), z.unknown()) },
    errors: [],
  },
];
