import type { ApiOperation } from "@/lib/openapi/api-operation";
import { LINK_BODY_ERRORS, LINK_ID } from "@/lib/openapi/payment-link-operation";
import { payLinkBody, payLinkResponse } from "@/lib/payment-links/schemas";

/** The one call of the link's public page: no credentials, so not a paymentLinkOperation. */
export const POST: ApiOperation = {
  operationId: "payPaymentLink",
  method: "post",
  path: "/v1/payment-links/{id}/checkout",
  summary:
    "A buyer pays through a link (no credentials; what the link's page calls): creates a payment for the link's amount or the buyer's, and answers its checkout. Rate-limited per client address",
  tags: ["Payment links"],
  auth: "none",
  parameters: [LINK_ID],
  body: payLinkBody,
  bodyOptional: true,
  response: { status: 201, description: "The new payment; send the buyer to gatewayUrl", schema: payLinkResponse },
  errors: [...LINK_BODY_ERRORS, "not_found", "invalid_state", "rate_limited", "header_not_ascii", "internal_error"],
};
