import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MERCHANT_AUTH_ERRORS } from "@/lib/openapi/shared-parts";
import { WEBHOOK_BODY_ERRORS, webhookOperation } from "@/lib/openapi/webhook-operation";
import { createdEndpointResponse, createEndpointBody, endpointListResponse } from "@/lib/webhooks/webhook-api-schemas";

export const POST: ApiOperation = webhookOperation({
  operationId: "createWebhookEndpoint",
  method: "post",
  path: "/v1/webhook-endpoints",
  summary: "Register an https endpoint for payment events; the signing secret is shown only in this answer",
  body: createEndpointBody,
  response: { status: 201, description: "The endpoint with its whsec_ secret", schema: createdEndpointResponse },
  errors: [...WEBHOOK_BODY_ERRORS, "webhook_url_not_allowed", "invalid_state", ...MERCHANT_AUTH_ERRORS],
});

export const GET: ApiOperation = webhookOperation({
  operationId: "listWebhookEndpoints",
  method: "get",
  path: "/v1/webhook-endpoints",
  summary: "The merchant's endpoints, newest first (never their secrets)",
  response: { status: 200, description: "Every endpoint that is not deleted", schema: endpointListResponse },
  errors: MERCHANT_AUTH_ERRORS,
});
