import { attachBody, attachResponse } from "@/lib/ledger/transfer-schemas";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { ONE_TRANSFER_ERRORS, TRANSFER_ID, transferOperation } from "@/lib/openapi/transfer-operation";

export const POST: ApiOperation = transferOperation({
  operationId: "attachTransfer",
  method: "post",
  path: "/v1/transfers/{id}/attach",
  summary:
    "Attach an unmatched, confirmed transfer to a payment: at least the price makes it succeeded (more: overpaid), less records underpaid, an already paid payment records duplicate",
  parameters: [TRANSFER_ID],
  body: attachBody,
  response: {
    status: 200,
    description: "The transfer, attached, and the payment as it now reads",
    schema: attachResponse,
  },
  errors: [
    ...ONE_TRANSFER_ERRORS,
    "payment_not_found",
    "invalid_params",
    "unsupported_media_type",
    "payload_too_large",
  ],
});
