import type { ApiOperation } from "@/lib/openapi/api-operation";
import { PAGE } from "@/lib/openapi/shared-parts";
import { ENDPOINT_ID, ONE_ENDPOINT_ERRORS, webhookOperation } from "@/lib/openapi/webhook-operation";
import { deliveryListResponse } from "@/lib/webhooks/webhook-api-schemas";

export const GET: ApiOperation = webhookOperation({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/v1/webhook-endpoints/{id}/deliveries",
  summary: "The endpoint's delivery log, newest first, each delivery with its attempts",
  parameters: [ENDPOINT_ID, ...PAGE],
  response: { status: 200, description: "A page of deliveries", schema: deliveryListResponse },
  errors: ONE_ENDPOINT_ERRORS,
});
