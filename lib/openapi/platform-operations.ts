import {
  addSettlementsBody,
  addSettlementsResponse,
  createMerchantBody,
  createMerchantResponse,
  cryptoSettlement,
  deletedResponse,
  listMerchantsResponse,
  MERCHANT_STATUSES,
  merchantDetailResponse,
  merchantResponse,
  replaceSettlementBody,
  settlementsResponse,
  updateMerchantBody,
} from "@/lib/merchants/platform-schemas";
import type { ApiOperation } from "./api-operations";
import type { ErrorCode } from "@/lib/errors/api-error";

// Parameters as the contract (API 2026-02-19.preview) states them. merchantId takes our `mer_…` ids.
const MERCHANT_ID = {
  name: "merchantId",
  in: "path",
  required: true,
  description: "A merchant id (mer_…) this partner created",
  schema: { type: "string" },
};
const SETTLEMENT_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A crypto settlement id (stl_…) from the merchant's settlements",
  schema: { type: "string", minLength: 1, maxLength: 256 },
};
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description:
    "Required. Same key and request return the first answer (Idempotent-Replayed: true); same key with another request is 409 idempotency_conflict",
  schema: { type: "string", maxLength: 255 },
};
const LIST_QUERY = [
  { name: "status", in: "query", required: false, schema: { type: "string", enum: MERCHANT_STATUSES } },
  {
    name: "search",
    in: "query",
    required: false,
    description: "Substring of the name or email, any case",
    schema: { type: "string", minLength: 1, maxLength: 256 },
  },
  {
    name: "cursor",
    in: "query",
    required: false,
    description: "nextCursor of the previous page",
    schema: { type: "string" },
  },
  { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100, default: 20 } },
];

const AUTH: ErrorCode[] = ["missing_api_key", "invalid_api_key", "header_not_ascii", "internal_error"];
const BODY: ErrorCode[] = ["params_validation", "unsupported_media_type", "payload_too_large"];

const op = (o: Omit<ApiOperation, "auth" | "tags"> & { tags?: string[] }): ApiOperation => ({
  auth: "platform",
  tags: ["Merchant Management"],
  ...o,
});

/** The Platform API: a partner's key manages the merchants it created and their settlement destinations. */
export const PLATFORM_OPERATIONS: ApiOperation[] = [
  op({
    operationId: "MerchantManagement_create",
    method: "post",
    path: "/v1/merchants",
    summary: "Create a merchant owned by this partner",
    parameters: [IDEMPOTENCY_KEY],
    body: createMerchantBody,
    response: { status: 201, description: "The merchant", schema: createMerchantResponse },
    errors: [...BODY, "missing_idempotency_key", "idempotency_conflict", ...AUTH],
  }),
  op({
    operationId: "MerchantManagement_list",
    method: "get",
    path: "/v1/merchants",
    summary: "List this partner's merchants, newest first",
    parameters: LIST_QUERY,
    response: {
      status: 200,
      description: "A page of merchants; nextCursor is null on the last page",
      schema: listMerchantsResponse,
    },
    errors: ["params_validation", "invalid_params", ...AUTH],
  }),
  op({
    operationId: "MerchantManagement_get",
    method: "get",
    path: "/v1/merchants/{merchantId}",
    summary: "A merchant with its settlements",
    parameters: [MERCHANT_ID],
    response: { status: 200, description: "The merchant", schema: merchantDetailResponse },
    errors: ["not_found", ...AUTH],
  }),
  op({
    operationId: "MerchantManagement_update",
    method: "patch",
    path: "/v1/merchants/{merchantId}",
    summary: "Change a merchant's name, email or icon",
    parameters: [MERCHANT_ID],
    body: updateMerchantBody,
    response: { status: 200, description: "The merchant", schema: merchantResponse },
    errors: [...BODY, "not_found", ...AUTH],
  }),
  op({
    operationId: "MerchantManagement_delete",
    method: "delete",
    path: "/v1/merchants/{merchantId}",
    summary: "Delete a merchant (its keys stop working; its payments stay on record)",
    parameters: [MERCHANT_ID],
    response: { status: 200, description: "Deleted", schema: deletedResponse },
    errors: ["not_found", ...AUTH],
  }),
  op({
    operationId: "Settlements_list",
    method: "get",
    path: "/v1/merchants/{merchantId}/settlements",
    summary: "Where a merchant is paid, per asset",
    tags: ["Settlements"],
    parameters: [MERCHANT_ID],
    response: {
      status: 200,
      description: "Crypto destinations as the gateway pays them (set per asset, else the receiving address); no fiat",
      schema: settlementsResponse,
    },
    errors: ["not_found", ...AUTH],
  }),
  op({
    operationId: "CryptoSettlement_create",
    method: "post",
    path: "/v1/merchants/{merchantId}/settlements/crypto",
    summary: "Set destinations for assets that have none (one per asset)",
    tags: ["Crypto Settlement"],
    parameters: [IDEMPOTENCY_KEY, MERCHANT_ID],
    body: addSettlementsBody,
    response: { status: 201, description: "The destinations made", schema: addSettlementsResponse },
    errors: [
      ...BODY,
      "invalid_params",
      "missing_idempotency_key",
      "not_found",
      "idempotency_conflict",
      "settlement_asset_conflict",
      ...AUTH,
    ],
  }),
  op({
    operationId: "CryptoSettlement_update",
    method: "put",
    path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
    summary: "Replace the destination of one asset",
    tags: ["Crypto Settlement"],
    parameters: [SETTLEMENT_ID, MERCHANT_ID],
    body: replaceSettlementBody,
    response: { status: 200, description: "The destination", schema: cryptoSettlement },
    errors: [...BODY, "invalid_params", "not_found", ...AUTH],
  }),
  op({
    operationId: "CryptoSettlement_delete",
    method: "delete",
    path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
    summary: "Remove a destination set through this API",
    tags: ["Crypto Settlement"],
    parameters: [SETTLEMENT_ID, MERCHANT_ID],
    response: { status: 200, description: "Deleted", schema: deletedResponse },
    errors: ["not_found", ...AUTH],
  }),
];
