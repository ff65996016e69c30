import { transferResponse } from "@/lib/ledger/transfer-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { ONE_TRANSFER_ERRORS, TRANSFER_ID, transferOperation } from "@/lib/openapi/transfer-operation";

export const POST: ApiOperation = transferOperation({
  operationId: "dismissTransfer",
  method: "post",
  path: "/v1/transfers/{id}/dismiss",
  summary: "Set an unmatched transfer aside: it leaves the unmatched list and stays in the ledger",
  parameters: [TRANSFER_ID],
  response: { status: 200, description: "The transfer, dismissed", schema: transferResponse },
  errors: ONE_TRANSFER_ERRORS,
});
