import type { ApiOperation } from "@/lib/openapi/api-operation";
import { LINK_BODY_ERRORS, LINK_ID, paymentLinkOperation } from "@/lib/openapi/payment-link-operation";
import { MERCHANT_AUTH_ERRORS } from "@/lib/openapi/shared-parts";
import { paymentLinkResponse, updatePaymentLinkBody } from "@/lib/payment-links/schemas";

export const GET: ApiOperation = paymentLinkOperation({
  operationId: "getPaymentLink",
  method: "get",
  path: "/v1/payment-links/{id}",
  summary: "One payment link with its totals",
  parameters: [LINK_ID],
  response: { status: 200, description: "The link", schema: paymentLinkResponse },
  errors: ["params_validation", "not_found", ...MERCHANT_AUTH_ERRORS],
});

export const PATCH: ApiOperation = paymentLinkOperation({
  operationId: "updatePaymentLink",
  method: "patch",
  path: "/v1/payment-links/{id}",
  summary: "Change a link's description or redirects, or disable (active: false) and enable it; amounts cannot change",
  parameters: [LINK_ID],
  body: updatePaymentLinkBody,
  response: { status: 200, description: "The link as it now reads", schema: paymentLinkResponse },
  errors: [...LINK_BODY_ERRORS, "not_found", ...MERCHANT_AUTH_ERRORS],
});
