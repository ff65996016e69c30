import { settlementsResponse } from "@/lib/merchants/platform-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MERCHANT_ID, PLATFORM_AUTH_ERRORS, platformOperation } from "@/lib/openapi/platform-operation";

export const GET: ApiOperation = platformOperation({
  operationId: "Settlements_list",
  method: "get",
  path: "/v1/merchants/{merchantId}/settlements",
  summary: "Where a merchant is paid, per asset",
  tags: ["Settlements"],
  parameters: [MERCHANT_ID],
  response: {
    status: 200,
    description: "Crypto destinations as the gateway pays them (set per asset, else the receiving address); no fiat",
    schema: settlementsResponse,
  },
  errors: ["not_found", ...PLATFORM_AUTH_ERRORS],
});
