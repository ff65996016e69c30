import type { ApiOperation } from "@/lib/openapi/api-operation";
import { anyObject, gatewayOperation } from "@/lib/openapi/gateway-operation";

export const GET: ApiOperation = gatewayOperation({
  operationId: "getPaymentInfo",
  method: "get",
  path: "/v1/gateway/payment/{id}",
  summary: "Payment info for wallets",
  response: anyObject("PaymentInfo"),
});
