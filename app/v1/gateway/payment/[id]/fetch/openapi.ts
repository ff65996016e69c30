import { fetchBody } from "@/lib/gateway/fetch-actions";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { anyObject, gatewayOperation } from "@/lib/openapi/gateway-operation";

export const POST: ApiOperation = gatewayOperation({
  operationId: "fetchActions",
  method: "post",
  path: "/v1/gateway/payment/{id}/fetch",
  summary: "Resolve a build action into wallet actions",
  body: fetchBody,
  response: anyObject("FetchedActions"),
  errors: ["payment_expired", "invalid_state", "quote_expired", "rate_limited", "bad_gateway"],
});
