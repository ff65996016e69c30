import type { ApiOperation } from "@/lib/openapi/api-operation";
import {
  ENDPOINT_ID,
  ONE_ENDPOINT_ERRORS,
  WEBHOOK_BODY_ERRORS,
  webhookOperation,
} from "@/lib/openapi/webhook-operation";
import { resendFailedBody, resentFailedResponse } from "@/lib/webhooks/webhook-api-schemas";

export const POST: ApiOperation = webhookOperation({
  operationId: "resendFailedWebhookDeliveries",
  method: "post",
  path: "/v1/webhook-endpoints/{id}/resend-failed",
  summary: "Send again every failed delivery of this endpoint made since a time",
  parameters: [ENDPOINT_ID],
  body: resendFailedBody,
  response: { status: 200, description: "How many were queued", schema: resentFailedResponse },
  errors: [...ONE_ENDPOINT_ERRORS, ...WEBHOOK_BODY_ERRORS, "invalid_state", "rate_limited"],
});
