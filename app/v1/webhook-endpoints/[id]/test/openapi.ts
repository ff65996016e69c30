import type { ApiOperation } from "@/lib/openapi/api-operation";
import {
  ENDPOINT_ID,
  ONE_ENDPOINT_ERRORS,
  WEBHOOK_BODY_ERRORS,
  webhookOperation,
} from "@/lib/openapi/webhook-operation";
import { testEventBody, testEventResponse } from "@/lib/webhooks/webhook-api-schemas";

export const POST: ApiOperation = webhookOperation({
  operationId: "sendTestWebhook",
  method: "post",
  path: "/v1/webhook-endpoints/{id}/test",
  summary: "Send a sample event (live: false) of a type to this endpoint only; the body may be omitted",
  parameters: [ENDPOINT_ID],
  body: testEventBody,
  bodyOptional: true,
  response: { status: 202, description: "Queued; see the delivery log", schema: testEventResponse },
  errors: [...ONE_ENDPOINT_ERRORS, ...WEBHOOK_BODY_ERRORS, "invalid_state", "rate_limited"],
});
