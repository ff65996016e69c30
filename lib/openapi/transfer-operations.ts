import { TRANSFER_MATCHES } from "@/db/schema";
import type { ErrorCode } from "@/lib/errors/api-error";
import { attachBody, attachResponse, transferListResponse, transferResponse } from "@/lib/ledger/transfer-schemas";
import type { ApiOperation } from "./api-operations";
import { AUTH, PAGE } from "./webhook-operations";

const TRANSFER_ID = {
  name: "id",
  in: "path",
  required: true,
  description: "A transfer id (trf_…) of this merchant",
  schema: { type: "string", pattern: "^trf_[0-9A-Za-z]{22}$" },
};
const QUERY = [
  {
    name: "status",
    in: "query",
    required: false,
    description: "unmatched: money bound to no payment, waiting for the merchant; omitted: every transfer",
    schema: { type: "string", enum: [...TRANSFER_MATCHES] },
  },
  ...PAGE,
];

const ONE: ErrorCode[] = ["params_validation", "not_found", "invalid_state", ...AUTH];

// Attaching credits a payment with money the key must be able to see: both scopes.
const op = (o: Omit<ApiOperation, "auth" | "tags">): ApiOperation => ({
  auth: "merchant",
  tags: ["Transfers"],
  scopes: o.method === "get" ? ["payments:read"] : ["payments:read", "payments:write"],
  ...o,
});

/** The ledger's transfers to the merchant's addresses: the list, and the merchant's decisions on unmatched money. */
export const TRANSFER_OPERATIONS: ApiOperation[] = [
  op({
    operationId: "listTransfers",
    method: "get",
    path: "/v1/transfers",
    summary: "Transfers seen on chain to the merchant's receiving addresses, newest first, by status",
    parameters: QUERY,
    response: { status: 200, description: "A page of transfers", schema: transferListResponse },
    errors: ["params_validation", "invalid_params", ...AUTH],
  }),
  op({
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
    errors: [...ONE, "payment_not_found", "invalid_params", "unsupported_media_type", "payload_too_large"],
  }),
  op({
    operationId: "dismissTransfer",
    method: "post",
    path: "/v1/transfers/{id}/dismiss",
    summary: "Set an unmatched transfer aside: it leaves the unmatched list and stays in the ledger",
    parameters: [TRANSFER_ID],
    response: { status: 200, description: "The transfer, dismissed", schema: transferResponse },
    errors: ONE,
  }),
];
