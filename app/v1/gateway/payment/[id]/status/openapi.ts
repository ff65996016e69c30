import type { ApiOperation } from "@/lib/openapi/api-operation";
import { anyObject, gatewayOperation } from "@/lib/openapi/gateway-operation";
import { MAX_POLL } from "@/lib/openapi/shared-parts";

export const GET: ApiOperation = gatewayOperation({
  operationId: "getGatewayPaymentStatus",
  method: "get",
  path: "/v1/gateway/payment/{id}/status",
  summary: "The payment's status for wallets",
  parameters: [MAX_POLL],
  response: anyObject("GatewayStatus"),
});
