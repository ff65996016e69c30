import { optionsBody } from "@/lib/gateway/parse-accounts";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { anyObject, gatewayOperation, INCLUDE_INFO } from "@/lib/openapi/gateway-operation";

export const POST: ApiOperation = gatewayOperation({
  operationId: "getPaymentOptions",
  method: "post",
  path: "/v1/gateway/payment/{id}/options",
  summary: "Payment options for the wallet's accounts",
  parameters: [INCLUDE_INFO],
  body: optionsBody,
  response: anyObject("PaymentOptions"),
  errors: ["payment_expired", "invalid_state", "too_many_options", "rate_limited", "bad_gateway"],
});
