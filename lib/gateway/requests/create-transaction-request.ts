import type { Db } from "@/db/client";
import { adapterFor } from "@/lib/chains/adapters";
import { parseAccountId } from "@/lib/chains/caip";
import { ApiError } from "@/lib/errors/api-error";
import { intentOfOption } from "@/lib/payments/option-intent";
import { assertPayable } from "../assert-payable";
import { quoteAndBuild } from "../build-options";
import { withChainErrors } from "../chain-errors";
import { loadGatewayPaymentOrThrow } from "../load-gateway-payment";
import { offeredBuildOf } from "../option-builds";
import { solanaAssetOfSlugOrThrow } from "./solana-pay-link";

/**
 * A Solana Pay transaction request's POST: the transfer of `assetSlug` from `account` to the merchant,
 * as the gateway builds it for an option (the quote's reference key and memo, the service's fee payer,
 * who funds a new merchant token account decided by rent-payer-for), co-signed by the fee payer and
 * missing only the account's signature. The quote is stored and its transaction built before anything
 * is handed out (quoteAndBuild: the same rows, reuse and per-client bound as options, marked
 * `solana-pay-transaction`); the wallet sends it itself and the ledger finds it by the reference key.
 * Asking again within the reuse window answers the same transaction. Only while the merchant's fee
 * budget lets the service pay fees (409 `fees_budget_exhausted`: the transfer request remains).
 */
export async function createTransactionRequest(
  db: Db,
  {
    pathId,
    assetSlug,
    account,
    client,
    now = new Date(),
  }: { pathId: string; assetSlug: string; account: string; client: string; now?: Date },
) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  assertPayable(p.status);
  if (p.merchantDeletedAt) throw new ApiError("invalid_state", "This merchant no longer accepts payments");
  const { network, token } = solanaAssetOfSlugOrThrow(assetSlug);
  const payer = parseAccountId(`${network.chainId}:${account}`)!;
  const { rows, sponsored } = await withChainErrors(() =>
    quoteAndBuild(db, {
      payment: p,
      accounts: [payer],
      client,
      now,
      kind: "solana-pay-transaction",
      asset: token.caip19,
    }),
  );
  if (!sponsored)
    throw new ApiError(
      "fees_budget_exhausted",
      "The service pays no more network fees for this merchant today: pay with the Solana Pay transfer request instead",
    );
  const [row] = rows;
  if (!row) throw new ApiError("invalid_state", `This payment cannot be paid in ${token.symbol} on ${network.name}`);
  // buildAtOptions could not reach the network: the row stays, and the wallet may ask again.
  if (!row.offeredMessage) throw new ApiError("bad_gateway", `${network.name} did not answer; try again`);
  const signed = await withChainErrors(() =>
    adapterFor("solana")!.cosignForWallet!(intentOfOption(row), offeredBuildOf(row)),
  );
  return { transaction: signed.transaction, message: `Payment ${p.payment.referenceId}` };
}
