import { listingQuerySchema } from "@/lib/listings/listing-query";
import { listingResponseSchema } from "@/lib/listings/listing-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { LISTING_ERRORS, queryParameters } from "@/lib/openapi/listing-parameters";

export const GET: ApiOperation = {
  operationId: "listMerchantPaymentsDeprecated",
  method: "get",
  path: "/v1/merchants/{merchant_id}/payments",
  summary: "List a merchant's payments (deprecated: use GET /v1/merchants/payments)",
  tags: ["Listings"],
  auth: "legacy",
  scopes: ["payments:read"],
  deprecated: true,
  parameters: [
    { name: "merchant_id", in: "path", required: true, schema: { type: "string" } },
    ...queryParameters(listingQuerySchema),
  ],
  response: {
    status: 200,
    description: "A page of payments and statistics over every match (spec 2.5)",
    schema: listingResponseSchema,
  },
  errors: LISTING_ERRORS,
};
