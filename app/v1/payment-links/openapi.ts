import type { ApiOperation } from "@/lib/openapi/api-operation";
import { LINK_BODY_ERRORS, paymentLinkOperation } from "@/lib/openapi/payment-link-operation";
import { MERCHANT_AUTH_ERRORS, PAGE } from "@/lib/openapi/shared-parts";
import { createPaymentLinkBody, paymentLinkListResponse, paymentLinkResponse } from "@/lib/payment-links/schemas";

export const POST: ApiOperation = paymentLinkOperation({
  operationId: "createPaymentLink",
  method: "post",
  path: "/v1/payment-links",
  summary:
    "Make a reusable payment link in the merchant's currency: a fixed amount, or an amount the buyer enters between a minimum and a maximum",
  body: createPaymentLinkBody,
  response: { status: 201, description: "The link; share its url", schema: paymentLinkResponse },
  errors: [...LINK_BODY_ERRORS, ...MERCHANT_AUTH_ERRORS],
});

const ACTIVE = {
  name: "active",
  in: "query",
  required: false,
  description: "Only active (true) or disabled (false) links; omitted: every link",
  schema: { type: "string", enum: ["true", "false"] },
};

export const GET: ApiOperation = paymentLinkOperation({
  operationId: "listPaymentLinks",
  method: "get",
  path: "/v1/payment-links",
  summary: "The merchant's payment links, newest first, each with its payments' totals",
  parameters: [ACTIVE, ...PAGE],
  response: { status: 200, description: "A page of links", schema: paymentLinkListResponse },
  errors: ["params_validation", "invalid_params", ...MERCHANT_AUTH_ERRORS],
});
