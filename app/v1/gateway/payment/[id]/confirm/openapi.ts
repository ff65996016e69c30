import { confirmBody } from "@/lib/gateway/confirm-payment";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { anyObject, gatewayOperation } from "@/lib/openapi/gateway-operation";
import { MAX_POLL } from "@/lib/openapi/shared-parts";

export const POST: ApiOperation = gatewayOperation({
  operationId: "confirmPayment",
  method: "post",
  path: "/v1/gateway/payment/{id}/confirm",
  summary: "Confirm with the wallet's results",
  parameters: [MAX_POLL],
  body: confirmBody,
  response: anyObject("GatewayStatus"),
  errors: [
    "payment_expired",
    "invalid_state",
    "quote_expired",
    "fees_budget_exhausted",
    "verification_failed",
    "rate_limited",
    "bad_gateway",
  ],
});
