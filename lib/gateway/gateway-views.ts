import { env } from "@/lib/env";
import { currencyExponent } from "@/lib/money/iso4217";
import { isFinalStatus, toContractStatus } from "@/lib/payments/status";
import { transferInfo } from "@/lib/payments/transfer-info";
import type { GatewayPayment } from "./load-gateway-payment";

/** PaymentInfo as the wallet SDK reads it: fiat amount, expiry, merchant, status, buyer. */
export function toPaymentInfo(p: GatewayPayment) {
  const currency = p.payment.fiatCurrency;
  return {
    amount: {
      unit: `iso4217/${currency}`,
      value: p.payment.fiatAmount.toString(),
      display: { assetSymbol: currency, assetName: currency, decimals: currencyExponent(currency) ?? 2 },
    },
    expiresAt: Math.floor(p.payment.expiresAt.getTime() / 1000),
    merchant: { name: p.merchantName, iconUrl: p.merchantIconUrl ?? null },
    status: toContractStatus(p.status),
    buyer: p.payment.buyerAccount
      ? {
          accountCaip10: p.payment.buyerAccount,
          accountProviderName: p.payment.walletName ?? "",
          accountProviderIcon: null,
        }
      : null,
  };
}

/** Confirm and status responses: the contract's vocabulary (`requires_action`), pollInMs null once final. */
export function toGatewayStatus(p: Pick<GatewayPayment, "status" | "payment">) {
  const isFinal = isFinalStatus(p.status);
  return {
    status: toContractStatus(p.status),
    isFinal,
    pollInMs: isFinal ? null : env().POLL_INTERVAL_MS,
    // From the moment a transfer is recorded, so the checkout can show it while it confirms.
    info: transferInfo(p.payment),
  };
}
