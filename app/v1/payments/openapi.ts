import { merchantPaymentsResponseSchema, partnerPaymentsQuerySchema } from "@/lib/listings/merchant-payments-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { DEPRECATED_QUERY, LISTING_ERRORS, queryParameters } from "@/lib/openapi/listing-parameters";
import { IDEMPOTENCY_KEY } from "@/lib/openapi/shared-parts";
import { contractCreateResponse } from "@/lib/payments/contract-views";
import { createPaymentBody } from "@/lib/payments/schemas";

export const POST: ApiOperation = {
  operationId: "paymentsCreatePayment",
  method: "post",
  path: "/v1/payments",
  summary: "Create a payment (the contract's statuses: requires_action …)",
  tags: ["Payments"],
  auth: "merchant",
  scopes: ["payments:create"],
  parameters: [IDEMPOTENCY_KEY],
  body: createPaymentBody,
  response: { status: 201, description: "The payment; send the buyer to gatewayUrl", schema: contractCreateResponse },
  errors: [
    "invalid_params",
    "params_validation",
    "idempotency_conflict",
    "missing_api_key",
    "missing_merchant_id",
    "invalid_api_key",
    "header_not_ascii",
    "internal_error",
  ],
  // The contract answers create with 201, 400, 401 and 500 only.
  errorStatus: { idempotency_conflict: 400 },
};

/** The replacement listing (the contract's query and MerchantPaymentsResponse) for a key alone. */
export const GET: ApiOperation = {
  operationId: "listPartnerPayments",
  method: "get",
  path: "/v1/payments",
  summary: "List the API key's merchant's payments with statistics",
  tags: ["Listings"],
  auth: "key",
  scopes: ["payments:read"],
  parameters: [...queryParameters(partnerPaymentsQuerySchema), ...DEPRECATED_QUERY],
  response: {
    status: 200,
    description: "A page of payments and statistics over every match",
    schema: merchantPaymentsResponseSchema,
  },
  errors: LISTING_ERRORS,
};
