import {
  deletedResponse,
  merchantDetailResponse,
  merchantResponse,
  updateMerchantBody,
} from "@/lib/merchants/platform-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import {
  MERCHANT_ID,
  PLATFORM_AUTH_ERRORS,
  PLATFORM_BODY_ERRORS,
  platformOperation,
} from "@/lib/openapi/platform-operation";

export const GET: ApiOperation = platformOperation({
  operationId: "MerchantManagement_get",
  method: "get",
  path: "/v1/merchants/{merchantId}",
  summary: "A merchant with its settlements",
  parameters: [MERCHANT_ID],
  response: { status: 200, description: "The merchant", schema: merchantDetailResponse },
  errors: ["not_found", ...PLATFORM_AUTH_ERRORS],
});

export const PATCH: ApiOperation = platformOperation({
  operationId: "MerchantManagement_update",
  method: "patch",
  path: "/v1/merchants/{merchantId}",
  summary: "Change a merchant's name, email or icon",
  parameters: [MERCHANT_ID],
  body: updateMerchantBody,
  response: { status: 200, description: "The merchant", schema: merchantResponse },
  errors: [...PLATFORM_BODY_ERRORS, "not_found", ...PLATFORM_AUTH_ERRORS],
});

export const DELETE: ApiOperation = platformOperation({
  operationId: "MerchantManagement_delete",
  method: "delete",
  path: "/v1/merchants/{merchantId}",
  summary: "Delete a merchant (its keys stop working; its payments stay on record)",
  parameters: [MERCHANT_ID],
  response: { status: 200, description: "Deleted", schema: deletedResponse },
  errors: ["not_found", ...PLATFORM_AUTH_ERRORS],
});
