import type { ApiOperation } from "@/lib/openapi/api-operation";
import { refundBody, refundResponse } from "@/lib/payments/refund-payment";

export const POST: ApiOperation = {
  operationId: "createRefund",
  method: "post",
  path: "/v1/refunds",
  summary: "Mark a succeeded payment refunded (bookkeeping: the merchant refunds the buyer from its own wallet)",
  tags: ["Refunds"],
  auth: "merchant",
  scopes: ["refunds:write"],
  body: refundBody,
  response: { status: 200, description: "The payment is now marked refunded", schema: refundResponse },
  errors: [
    "params_validation",
    "payment_not_succeeded",
    "not_found",
    "already_refunded",
    "missing_api_key",
    "missing_merchant_id",
    "invalid_api_key",
    "header_not_ascii",
    "internal_error",
  ],
  // As the contract answers refunds: a missing Merchant-Id is 401 there.
  errorStatus: { missing_merchant_id: 401 },
};
