import type { ErrorCode } from "@/lib/errors/api-error";

/** What any merchant-authenticated route may answer before its handler runs. */
export const MERCHANT_AUTH_ERRORS: ErrorCode[] = [
  "missing_api_key",
  "missing_merchant_id",
  "invalid_api_key",
  "merchant_not_found",
  "header_not_ascii",
  "internal_error",
];

/** Keyset paging of the merchant API's logs and lists (limit, cursor). */
export const PAGE = [
  { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 20 } },
  {
    name: "cursor",
    in: "query",
    required: false,
    description: "nextCursor of the previous page",
    schema: { type: "string" },
  },
];

export const PAYMENT_ID = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^pay_[0-9A-Za-z]{22}$" },
};

/** The merchant API's create calls: optional, unlike the Platform API's (platform-operation.ts). */
export const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "Same key and body return the same payment; same key with another body is 409 idempotency_conflict",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

export const MAX_POLL = {
  name: "maxPollMs",
  in: "query",
  required: false,
  description: "Long-poll: hold the answer until the payment is final or this many milliseconds pass (at most 30000)",
  schema: { type: "integer", minimum: 0 },
};
