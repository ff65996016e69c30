import { addSettlementsBody, addSettlementsResponse } from "@/lib/merchants/platform-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import {
  MERCHANT_ID,
  PLATFORM_AUTH_ERRORS,
  PLATFORM_BODY_ERRORS,
  platformOperation,
  REQUIRED_IDEMPOTENCY_KEY,
} from "@/lib/openapi/platform-operation";

export const POST: ApiOperation = platformOperation({
  operationId: "CryptoSettlement_create",
  method: "post",
  path: "/v1/merchants/{merchantId}/settlements/crypto",
  summary: "Set destinations for assets that have none (one per asset)",
  tags: ["Crypto Settlement"],
  parameters: [REQUIRED_IDEMPOTENCY_KEY, MERCHANT_ID],
  body: addSettlementsBody,
  response: { status: 201, description: "The destinations made", schema: addSettlementsResponse },
  errors: [
    ...PLATFORM_BODY_ERRORS,
    "invalid_params",
    "missing_idempotency_key",
    "not_found",
    "idempotency_conflict",
    "settlement_asset_conflict",
    ...PLATFORM_AUTH_ERRORS,
  ],
});
