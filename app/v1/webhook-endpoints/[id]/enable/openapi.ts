import type { ApiOperation } from "@/lib/openapi/api-operation";
import { ENDPOINT_ID, ONE_ENDPOINT_ERRORS, webhookOperation } from "@/lib/openapi/webhook-operation";
import { endpointResponse } from "@/lib/webhooks/webhook-api-schemas";

export const POST: ApiOperation = webhookOperation({
  operationId: "enableWebhookEndpoint",
  method: "post",
  path: "/v1/webhook-endpoints/{id}/enable",
  summary: "Enable an endpoint (paused, or disabled after 5 failing days); held deliveries go out",
  parameters: [ENDPOINT_ID],
  response: { status: 200, description: "The endpoint, enabled", schema: endpointResponse },
  errors: ONE_ENDPOINT_ERRORS,
});
