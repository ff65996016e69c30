import {
  createMerchantBody,
  createMerchantResponse,
  listMerchantsResponse,
  MERCHANT_STATUSES,
} from "@/lib/merchants/platform-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import {
  PLATFORM_AUTH_ERRORS,
  PLATFORM_BODY_ERRORS,
  platformOperation,
  REQUIRED_IDEMPOTENCY_KEY,
} from "@/lib/openapi/platform-operation";

export const POST: ApiOperation = platformOperation({
  operationId: "MerchantManagement_create",
  method: "post",
  path: "/v1/merchants",
  summary: "Create a merchant owned by this partner",
  parameters: [REQUIRED_IDEMPOTENCY_KEY],
  body: createMerchantBody,
  response: { status: 201, description: "The merchant", schema: createMerchantResponse },
  errors: [...PLATFORM_BODY_ERRORS, "missing_idempotency_key", "idempotency_conflict", ...PLATFORM_AUTH_ERRORS],
});

export const GET: ApiOperation = platformOperation({
  operationId: "MerchantManagement_list",
  method: "get",
  path: "/v1/merchants",
  summary: "List this partner's merchants, newest first",
  parameters: [
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
  ],
  response: {
    status: 200,
    description: "A page of merchants; nextCursor is null on the last page",
    schema: listMerchantsResponse,
  },
  errors: ["params_validation", "invalid_params", ...PLATFORM_AUTH_ERRORS],
});
