import type { ApiOperation } from "@/lib/openapi/api-operation";
import { ENDPOINT_ID, ONE_ENDPOINT_ERRORS, webhookOperation } from "@/lib/openapi/webhook-operation";
import { resentDeliveryResponse } from "@/lib/webhooks/webhook-api-schemas";

const DELIVERY_ID = {
  name: "deliveryId",
  in: "path",
  required: true,
  description: "A delivery id (whd_…) of this endpoint",
  schema: { type: "string", pattern: "^whd_[0-9a-f]{32}$" },
};

export const POST: ApiOperation = webhookOperation({
  operationId: "resendWebhookDelivery",
  method: "post",
  path: "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend",
  summary: "Send one delivery again now (same event id and body)",
  parameters: [ENDPOINT_ID, DELIVERY_ID],
  response: { status: 200, description: "Queued", schema: resentDeliveryResponse },
  errors: [...ONE_ENDPOINT_ERRORS, "invalid_state", "rate_limited"],
});
