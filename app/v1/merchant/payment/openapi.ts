import type { ApiOperation } from "@/lib/openapi/api-operation";
import { IDEMPOTENCY_KEY, MERCHANT_AUTH_ERRORS } from "@/lib/openapi/shared-parts";
import { createPaymentBody, paymentResponse } from "@/lib/payments/schemas";

export const POST: ApiOperation = {
  operationId: "createPayment",
  method: "post",
  path: "/v1/merchant/payment",
  summary: "Create a payment (spec 3.1 statuses: pending …)",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:create"],
  parameters: [IDEMPOTENCY_KEY],
  body: createPaymentBody,
  response: { status: 201, description: "The payment; send the buyer to gatewayUrl", schema: paymentResponse },
  errors: [
    "invalid_params",
    "params_validation",
    "unsupported_media_type",
    "payload_too_large",
    "idempotency_conflict",
    ...MERCHANT_AUTH_ERRORS,
  ],
};
