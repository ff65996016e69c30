import { TRANSFER_MATCHES } from "@/db/schema";
import { transferListResponse } from "@/lib/ledger/transfer-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { MERCHANT_AUTH_ERRORS, PAGE } from "@/lib/openapi/shared-parts";
import { transferOperation } from "@/lib/openapi/transfer-operation";

export const GET: ApiOperation = transferOperation({
  operationId: "listTransfers",
  method: "get",
  path: "/v1/transfers",
  summary: "Transfers seen on chain to the merchant's receiving addresses, newest first, by status",
  parameters: [
    {
      name: "status",
      in: "query",
      required: false,
      description: "unmatched: money bound to no payment, waiting for the merchant; omitted: every transfer",
      schema: { type: "string", enum: [...TRANSFER_MATCHES] },
    },
    ...PAGE,
  ],
  response: { status: 200, description: "A page of transfers", schema: transferListResponse },
  errors: ["params_validation", "invalid_params", ...MERCHANT_AUTH_ERRORS],
});
