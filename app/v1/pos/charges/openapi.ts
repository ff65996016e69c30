import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MERCHANT_AUTH_ERRORS } from "@/lib/openapi/shared-parts";
import { posChargeBody, posChargeResponse } from "@/lib/pos/pos-schemas";

export const POST: ApiOperation = {
  operationId: "createPosCharge",
  method: "post",
  path: "/v1/pos/charges",
  summary:
    "A sale at the counter: a payment in the merchant's currency and its payment requests (the QR codes), in one call. Idempotency-Key makes a retried charge replay the first (200)",
  tags: ["Point of sale"],
  auth: "merchant",
  scopes: ["payments:create"],
  parameters: [
    {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "One per sale; a retry with the same key answers the same payment",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    },
  ],
  body: posChargeBody,
  response: { status: 201, description: "The charge", schema: posChargeResponse },
  errors: [
    "params_validation",
    "invalid_params",
    "unsupported_media_type",
    "payload_too_large",
    "idempotency_conflict",
    ...MERCHANT_AUTH_ERRORS,
  ],
};
