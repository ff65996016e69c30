import type { ApiOperation } from "@/lib/openapi/api-operation";
import { ENDPOINT_ID, ONE_ENDPOINT_ERRORS, webhookOperation } from "@/lib/openapi/webhook-operation";
import { endpointResponse } from "@/lib/webhooks/webhook-api-schemas";

export const POST: ApiOperation = webhookOperation({
  operationId: "disableWebhookEndpoint",
  method: "post",
  path: "/v1/webhook-endpoints/{id}/disable",
  summary: "Pause an endpoint: no events are sent to it until it is enabled",
  parameters: [ENDPOINT_ID],
  response: { status: 200, description: "The endpoint, disabled", schema: endpointResponse },
  errors: ONE_ENDPOINT_ERRORS,
});
