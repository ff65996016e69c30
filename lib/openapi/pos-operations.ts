import { posChargeBody, posChargeResponse, posSalesResponse } from "@/lib/pos/pos-schemas";
import type { ApiOperation } from "./api-operations";
import { AUTH } from "./webhook-operations";

/** The point of sale's two calls: a charge with its QR codes, and the device's own sales of the day. */
export const POS_OPERATIONS: ApiOperation[] = [
  {
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
      ...AUTH,
    ],
  },
  {
    operationId: "listPosSales",
    method: "get",
    path: "/v1/pos/sales",
    summary: "The sales this point-of-sale key made since `since` (at most 48 hours back), with totals",
    tags: ["Point of sale"],
    auth: "merchant",
    scopes: ["pos:sales"],
    parameters: [
      {
        name: "since",
        in: "query",
        required: true,
        description: "ISO 8601 with offset: the device's local midnight",
        schema: { type: "string", format: "date-time" },
      },
    ],
    response: { status: 200, description: "Today's sales", schema: posSalesResponse },
    errors: ["params_validation", ...AUTH],
  },
];
