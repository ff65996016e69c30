import { paymentRequestsResponse } from "@/lib/gateway/requests/request-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { gatewayOperation } from "@/lib/openapi/gateway-operation";

export const GET: ApiOperation = gatewayOperation({
  operationId: "getPaymentRequests",
  method: "get",
  path: "/v1/gateway/payment/{id}/payment-requests",
  summary: "Payment requests a phone wallet pays by scanning (Solana Pay transfer requests, EIP-681)",
  response: paymentRequestsResponse,
  errors: ["payment_expired", "invalid_state", "rate_limited"],
});
