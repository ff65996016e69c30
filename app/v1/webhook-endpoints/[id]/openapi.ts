import type { ApiOperation } from "@/lib/openapi/api-operation";
import { ENDPOINT_ID, ONE_ENDPOINT_ERRORS, webhookOperation } from "@/lib/openapi/webhook-operation";
import { deletedEndpointResponse } from "@/lib/webhooks/webhook-api-schemas";

export const DELETE: ApiOperation = webhookOperation({
  operationId: "deleteWebhookEndpoint",
  method: "delete",
  path: "/v1/webhook-endpoints/{id}",
  summary: "Delete an endpoint at once and for good; its pending deliveries fail with 'endpoint deleted'",
  parameters: [ENDPOINT_ID],
  response: { status: 200, description: "Deleted", schema: deletedEndpointResponse },
  errors: ONE_ENDPOINT_ERRORS,
});
