import type { Db } from "@/db/client";
import { parseAccountId } from "@/lib/chains/caip";
import { loadNetworks } from "@/lib/chains/load-networks";
import { env } from "@/lib/env";
import { withinSponsoredBudget } from "@/lib/fees/sponsored-budget";
import { ApiError } from "@/lib/errors/api-error";
import { loadSettlementOverrides } from "@/lib/merchants/load-settlement-overrides";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";
import { assertPayable } from "../assert-payable";
import { offersFor, tokenAmountView } from "../build-options";
import type { OptionRow } from "../claim-option-rows";
import { loadGatewayPaymentOrThrow, type GatewayPayment } from "../load-gateway-payment";
import { claimRequestRows, type RequestOffer } from "./claim-request-rows";
import { eip681Uri } from "./eip681-uri";
import { transactionRequestLink, transactionRequestsServed } from "./solana-pay-link";
import { solanaPayTransactionUri, solanaPayTransferUri } from "./solana-pay-uri";

/** Who pays a request is unknown until the money arrives: its quote row names no buyer (an address no one signs for). */
const ANY_PAYER = { eip155: "0x0000000000000000000000000000000000000000", solana: "11111111111111111111111111111111" };

/**
 * The payment requests a phone wallet can pay with no page open (GET .../payment-requests): per network
 * and asset the merchant is paid in, a Solana Pay transfer request (bound by its reference key) on
 * Solana, an EIP-681 request (bound by its unique amount) on EVM networks, Solana first. Each is a quote
 * stored like an option (same price rules, same expiry); asking again while one holds returns it. The
 * wallet pays the network fee; the ledger finds the transfer. No chain call.
 * Before each Solana transfer request comes the asset's Solana Pay transaction request (a link the
 * wallet POSTs its account to; create-transaction-request.ts), where the service may pay fees today
 * and is served over https; it shows the transfer request's quote, and stores its own at the POST.
 */
export async function getPaymentRequests(db: Db, pathId: string, now = new Date()) {
  const p = await loadGatewayPaymentOrThrow(db, pathId);
  assertPayable(p.status);
  if (p.merchantDeletedAt) throw new ApiError("invalid_state", "This merchant no longer accepts payments");
  const quoteExpiresAt = new Date(
    Math.min(p.payment.expiresAt.getTime(), now.getTime() + env().QUOTE_TTL_SECONDS * 1000),
  );
  const rows = await claimRequestRows(db, {
    payment: p.payment,
    offers: await requestOffers(db, p, now),
    quoteExpiresAt,
    now,
  });
  const transactions =
    transactionRequestsServed() &&
    rows.some((row) => row.requestKind === "solana-pay-transfer") &&
    (await withinSponsoredBudget(db, { id: p.payment.merchantId, currency: p.merchantCurrency }));
  return {
    requests: rows.flatMap((row) => {
      const view = requestView(p, row);
      if (!transactions || row.requestKind !== "solana-pay-transfer") return [view];
      const link = transactionRequestLink(p.payment.id, row.tokenCaip19);
      return [{ ...view, kind: "solana-pay-transaction" as const, uri: solanaPayTransactionUri(link) }, view];
    }),
  };
}

/** What each network would quote now, as options would for a buyer whose wallet sends and pays for the transfer. */
async function requestOffers(db: Db, p: GatewayPayment, now: Date): Promise<RequestOffer[]> {
  const [snapshot, destinations] = await Promise.all([
    currentPrices(now.getTime()),
    loadSettlementOverrides(db, p.payment.merchantId),
  ]);
  const prices = livePriceSource(snapshot, now.getTime());
  const payers = (namespace: "eip155" | "solana") =>
    loadNetworks()
      .filter((n) => n.chainId.startsWith(`${namespace}:`))
      .map((n) => parseAccountId(`${n.chainId}:${ANY_PAYER[namespace]}`)!);
  // Solana offers come back only where the service could pay (its methods name a fee payer); a Solana
  // Pay wallet pays its own fee, so they are asked for as if sponsored. EVM: plain transfers.
  const solana = offersFor({ payment: p, accounts: payers("solana"), sponsored: true, destinations, prices });
  const evm = offersFor({ payment: p, accounts: payers("eip155"), sponsored: false, destinations, prices });
  return [
    ...solana.map((o) => ({ ...o, kind: "solana-pay-transfer" as const })),
    ...evm.map((o) => ({ ...o, kind: "eip681" as const })),
  ];
}

function requestView(p: GatewayPayment, row: OptionRow) {
  const network = loadNetworks().find((n) => n.chainId === row.chainId)!;
  const token = network.tokens.find((t) => t.caip19 === row.tokenCaip19)!;
  const amount = BigInt(row.tokenAmount);
  const view = tokenAmountView(amount, token, network);
  const uri =
    row.requestKind === "solana-pay-transfer"
      ? solanaPayTransferUri({
          recipient: row.recipient,
          asset: row.tokenCaip19,
          amount,
          decimals: token.decimals,
          reference: row.reference,
          label: p.merchantName,
          message: `Payment ${p.payment.referenceId}`,
          memo: p.payment.id,
        })
      : eip681Uri({ chainId: row.chainId, asset: row.tokenCaip19, recipient: row.recipient, amount });
  return {
    chainId: row.chainId,
    asset: row.tokenCaip19,
    amount: { value: view.value, display: view.display },
    kind: row.requestKind!,
    uri,
    expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
  };
}
