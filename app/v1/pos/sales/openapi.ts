import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MERCHANT_AUTH_ERRORS } from "@/lib/openapi/shared-parts";
import { posSalesResponse } from "@/lib/pos/pos-schemas";

export const GET: ApiOperation = {
  operationId: "listPosSales",
  method: "get",
  path: "/v1/pos/sales",
  summary: "The sales this point-of-sale key made since `since` (at most 48 hours back), with totals",
  tags: ["Point of sale"],
  auth: "merchant",
  scopes: ["pos:sales"],
  parameters: [
    {
      name: "since",
      in: "query",
      required: true,
      description: "ISO 8601 with offset: the device's local midnight",
      schema: { type: "string", format: "date-time" },
    },
  ],
  response: { status: 200, description: "Today's sales", schema: posSalesResponse },
  errors: ["params_validation", ...MERCHANT_AUTH_ERRORS],
};
