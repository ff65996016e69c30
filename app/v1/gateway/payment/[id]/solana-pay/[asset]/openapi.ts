import {
  solanaPayLabelResponse,
  solanaPayTransactionBody,
  solanaPayTransactionResponse,
} from "@/lib/gateway/requests/solana-pay-schemas";
import type { ErrorCode } from "@/lib/errors/api-error";
import type { ApiOperation } from "@/lib/openapi/api-operation";
import { gatewayOperation } from "@/lib/openapi/gateway-operation";

// A Solana Pay transaction request's link (`kind: "solana-pay-transaction"` of the payment requests): the GET
// and POST of the Solana Pay spec, answered to any origin (the route's OPTIONS preflight is not documented).
const SOLANA_PAY_ASSET = {
  name: "asset",
  in: "path",
  required: true,
  description:
    "The Solana asset: its CAIP-19 with ':' and '/' written as '.', e.g. `solana.5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.token.<mint>` or `solana.<genesis>.slip44.501`",
  schema: { type: "string" },
};
const ERRORS: ErrorCode[] = ["payment_expired", "invalid_state", "not_found", "rate_limited"];

export const GET: ApiOperation = gatewayOperation({
  operationId: "getSolanaPayLabel",
  method: "get",
  path: "/v1/gateway/payment/{id}/solana-pay/{asset}",
  summary: "Solana Pay transaction request: the merchant's label and icon",
  parameters: [SOLANA_PAY_ASSET],
  response: solanaPayLabelResponse,
  errors: ERRORS,
});

export const POST: ApiOperation = gatewayOperation({
  operationId: "createSolanaPayTransaction",
  method: "post",
  path: "/v1/gateway/payment/{id}/solana-pay/{asset}",
  summary:
    "Solana Pay transaction request: the transfer for the wallet's account, co-signed by the service's fee payer (the quote is stored first)",
  parameters: [SOLANA_PAY_ASSET],
  body: solanaPayTransactionBody,
  response: solanaPayTransactionResponse,
  errors: [...ERRORS, "too_many_options", "fees_budget_exhausted", "unsupported_media_type", "bad_gateway"],
});
