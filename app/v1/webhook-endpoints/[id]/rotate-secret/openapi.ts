import type { ApiOperation } from "@/lib/openapi/api-operation";
import { ENDPOINT_ID, ONE_ENDPOINT_ERRORS, webhookOperation } from "@/lib/openapi/webhook-operation";
import { rotatedSecretResponse } from "@/lib/webhooks/webhook-api-schemas";

export const POST: ApiOperation = webhookOperation({
  operationId: "rotateWebhookSecret",
  method: "post",
  path: "/v1/webhook-endpoints/{id}/rotate-secret",
  summary: "A new signing secret (shown once); the previous one keeps signing for 24 hours",
  parameters: [ENDPOINT_ID],
  response: { status: 200, description: "The new secret", schema: rotatedSecretResponse },
  errors: ONE_ENDPOINT_ERRORS,
});
