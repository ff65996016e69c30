import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MERCHANT_AUTH_ERRORS, PAYMENT_ID } from "@/lib/openapi/shared-parts";
import { cancelResponse } from "@/lib/payments/contract-views";

export const POST: ApiOperation = {
  operationId: "paymentsCancelPayment",
  method: "post",
  path: "/v1/payments/{id}/cancel",
  summary: "Cancel a payment that still requires action (reason cancelled_by_merchant)",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:write"],
  parameters: [PAYMENT_ID],
  response: { status: 200, description: "Cancelled", schema: cancelResponse },
  errors: ["invalid_state", "payment_not_found", ...MERCHANT_AUTH_ERRORS],
  errorStatus: { invalid_state: 400 },
};
