import type { ApiOperation } from "@/lib/openapi/api-operation";
import { LINK_ID, paymentLinkOperation } from "@/lib/openapi/payment-link-operation";
import { MERCHANT_AUTH_ERRORS, PAGE } from "@/lib/openapi/shared-parts";
import { linkPaymentsResponse } from "@/lib/payment-links/schemas";

export const GET: ApiOperation = paymentLinkOperation({
  operationId: "listPaymentLinkPayments",
  method: "get",
  path: "/v1/payment-links/{id}/payments",
  summary: "The payments buyers made through a link, newest first, with the link's totals",
  parameters: [LINK_ID, { ...PAGE[0]! }, { ...PAGE[1]!, description: "nextCursor of the previous page (pay_…)" }],
  response: { status: 200, description: "A page of the link's payments", schema: linkPaymentsResponse },
  errors: ["params_validation", "invalid_params", "not_found", ...MERCHANT_AUTH_ERRORS],
});
