import type { ApiOperation } from "@/lib/openapi/api-operation";
import { gatewayOperation } from "@/lib/openapi/gateway-operation";
import { cancelResponse } from "@/lib/payments/contract-views";

export const POST: ApiOperation = gatewayOperation({
  operationId: "gatewayCancelPayment",
  method: "post",
  path: "/v1/gateway/payment/{id}/cancel",
  summary: "The buyer cancels a payment that still requires action (reason cancelled_by_user)",
  response: cancelResponse,
  errors: ["invalid_state", "rate_limited"],
  errorStatus: { invalid_state: 400 },
});
