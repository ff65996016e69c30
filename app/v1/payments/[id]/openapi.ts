import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MERCHANT_AUTH_ERRORS, PAYMENT_ID } from "@/lib/openapi/shared-parts";
import { contractDetailResponse } from "@/lib/payments/contract-views";

export const GET: ApiOperation = {
  operationId: "paymentsGetPayment",
  method: "get",
  path: "/v1/payments/{id}",
  summary: "A payment's detail: status, referenceId, info, failureCode, settlement",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:read"],
  parameters: [PAYMENT_ID],
  response: { status: 200, description: "The payment", schema: contractDetailResponse },
  errors: ["payment_not_found", ...MERCHANT_AUTH_ERRORS],
};
