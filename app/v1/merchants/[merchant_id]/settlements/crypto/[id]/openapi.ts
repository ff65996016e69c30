import { cryptoSettlement, deletedResponse, replaceSettlementBody } from "@/lib/merchants/platform-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import {
  MERCHANT_ID,
  PLATFORM_AUTH_ERRORS,
  PLATFORM_BODY_ERRORS,
  platformOperation,
  SETTLEMENT_ID,
} from "@/lib/openapi/platform-operation";

export const PUT: ApiOperation = platformOperation({
  operationId: "CryptoSettlement_update",
  method: "put",
  path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
  summary: "Replace the destination of one asset",
  tags: ["Crypto Settlement"],
  parameters: [SETTLEMENT_ID, MERCHANT_ID],
  body: replaceSettlementBody,
  response: { status: 200, description: "The destination", schema: cryptoSettlement },
  errors: [...PLATFORM_BODY_ERRORS, "invalid_params", "not_found", ...PLATFORM_AUTH_ERRORS],
});

export const DELETE: ApiOperation = platformOperation({
  operationId: "CryptoSettlement_delete",
  method: "delete",
  path: "/v1/merchants/{merchantId}/settlements/crypto/{id}",
  summary: "Remove a destination set through this API",
  tags: ["Crypto Settlement"],
  parameters: [SETTLEMENT_ID, MERCHANT_ID],
  response: { status: 200, description: "Deleted", schema: deletedResponse },
  errors: ["not_found", ...PLATFORM_AUTH_ERRORS],
});
