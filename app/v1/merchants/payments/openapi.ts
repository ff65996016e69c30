import { merchantPaymentsQuerySchema, merchantPaymentsResponseSchema } from "@/lib/listings/merchant-payments-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { DEPRECATED_QUERY, LISTING_ERRORS, queryParameters } from "@/lib/openapi/listing-parameters";

/** The replacement listing: the contract's query and MerchantPaymentsResponse (plus our extra record fields). */
export const GET: ApiOperation = {
  operationId: "listMerchantPayments",
  method: "get",
  path: "/v1/merchants/payments",
  summary: "List payments with statistics",
  tags: ["Listings"],
  auth: "merchant",
  scopes: ["payments:read"],
  parameters: [...queryParameters(merchantPaymentsQuerySchema), ...DEPRECATED_QUERY],
  response: {
    status: 200,
    description: "A page of payments and statistics over every match",
    schema: merchantPaymentsResponseSchema,
  },
  errors: [...LISTING_ERRORS, "missing_merchant_id"],
  errorStatus: { missing_merchant_id: 401 },
};
