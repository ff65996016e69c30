import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MAX_POLL, MERCHANT_AUTH_ERRORS, PAYMENT_ID } from "@/lib/openapi/shared-parts";
import { contractStatusResponse } from "@/lib/payments/contract-views";

export const GET: ApiOperation = {
  operationId: "paymentsGetPaymentStatus",
  method: "get",
  path: "/v1/payments/{id}/status",
  summary: "A payment's status, with info once succeeded and failureCode once failed",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:status"],
  parameters: [PAYMENT_ID, MAX_POLL],
  response: { status: 200, description: "Current status", schema: contractStatusResponse },
  errors: ["payment_not_found", ...MERCHANT_AUTH_ERRORS],
};
