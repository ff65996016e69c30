import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MAX_POLL, MERCHANT_AUTH_ERRORS, PAYMENT_ID } from "@/lib/openapi/shared-parts";
import { paymentStatusResponse } from "@/lib/payments/schemas";

export const GET: ApiOperation = {
  operationId: "getPaymentStatus",
  method: "get",
  path: "/v1/merchant/payment/{id}/status",
  summary: "Verify a payment's status (spec 3.1: a cancelled payment reads failed)",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:status"],
  parameters: [PAYMENT_ID, MAX_POLL],
  response: { status: 200, description: "Current status", schema: paymentStatusResponse },
  errors: ["payment_not_found", ...MERCHANT_AUTH_ERRORS],
};
