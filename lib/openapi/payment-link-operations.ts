import type { ErrorCode } from "@/lib/errors/api-error";
import {
  createPaymentLinkBody,
  linkPaymentsResponse,
  payLinkBody,
  payLinkResponse,
  paymentLinkListResponse,
  paymentLinkResponse,
  updatePaymentLinkBody,
} from "@/lib/payment-links/schemas";
import type { ApiOperation } from "./api-operations";
import { AUTH, PAGE } from "./webhook-operations";

const LINK_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A payment link id (plink_…)",
  schema: { type: "string", pattern: "^plink_[0-9A-Za-z]{22}$" },
};
const ACTIVE = {
  name: "active",
  in: "query",
  required: false,
  description: "Only active (true) or disabled (false) links; omitted: every link",
  schema: { type: "string", enum: ["true", "false"] },
};
const BODY: ErrorCode[] = ["params_validation", "invalid_params", "unsupported_media_type", "payload_too_large"];

const op = (o: Omit<ApiOperation, "auth" | "tags">): ApiOperation => ({
  auth: "merchant",
  scopes: ["links:manage"],
  tags: ["Payment links"],
  ...o,
});

/** Reusable payment links: the merchant's management, and the one call the link's public page makes. */
export const PAYMENT_LINK_OPERATIONS: ApiOperation[] = [
  op({
    operationId: "createPaymentLink",
    method: "post",
    path: "/v1/payment-links",
    summary:
      "Make a reusable payment link in the merchant's currency: a fixed amount, or an amount the buyer enters between a minimum and a maximum",
    body: createPaymentLinkBody,
    response: { status: 201, description: "The link; share its url", schema: paymentLinkResponse },
    errors: [...BODY, ...AUTH],
  }),
  op({
    operationId: "listPaymentLinks",
    method: "get",
    path: "/v1/payment-links",
    summary: "The merchant's payment links, newest first, each with its payments' totals",
    parameters: [ACTIVE, ...PAGE],
    response: { status: 200, description: "A page of links", schema: paymentLinkListResponse },
    errors: ["params_validation", "invalid_params", ...AUTH],
  }),
  op({
    operationId: "getPaymentLink",
    method: "get",
    path: "/v1/payment-links/{id}",
    summary: "One payment link with its totals",
    parameters: [LINK_ID],
    response: { status: 200, description: "The link", schema: paymentLinkResponse },
    errors: ["params_validation", "not_found", ...AUTH],
  }),
  op({
    operationId: "updatePaymentLink",
    method: "patch",
    path: "/v1/payment-links/{id}",
    summary:
      "Change a link's description or redirects, or disable (active: false) and enable it; amounts cannot change",
    parameters: [LINK_ID],
    body: updatePaymentLinkBody,
    response: { status: 200, description: "The link as it now reads", schema: paymentLinkResponse },
    errors: [...BODY, "not_found", ...AUTH],
  }),
  op({
    operationId: "listPaymentLinkPayments",
    method: "get",
    path: "/v1/payment-links/{id}/payments",
    summary: "The payments buyers made through a link, newest first, with the link's totals",
    parameters: [LINK_ID, { ...PAGE[0]! }, { ...PAGE[1]!, description: "nextCursor of the previous page (pay_…)" }],
    response: { status: 200, description: "A page of the link's payments", schema: linkPaymentsResponse },
    errors: ["params_validation", "invalid_params", "not_found", ...AUTH],
  }),
  {
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
    errors: [...BODY, "not_found", "invalid_state", "rate_limited", "header_not_ascii", "internal_error"],
  },
];
