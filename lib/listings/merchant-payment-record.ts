import type { payments } from "@/db/schema";
import { loadNetworks } from "@/lib/chains/load-networks";
import { env } from "@/lib/env";
import { currencyExponent } from "@/lib/money/iso4217";
import { effectiveStatus, isFinalStatus, toContractStatus } from "@/lib/payments/status";
import type { MerchantPayment } from "./merchant-payments-schemas";

type Row = typeof payments.$inferSelect;
export type MerchantProfile = { id: string; name: string; iconUrl: string | null };

/**
 * A payment as the replacement listings show it (the contract's camelCase record, its status
 * vocabulary with `cancelled`). What we do not know yet (no option chosen, no buyer) is left out.
 */
export function toMerchantPayment(row: Row, merchant: MerchantProfile, now = new Date()): MerchantPayment {
  const status = effectiveStatus(row, now);
  const succeeded = status === "succeeded";
  const token = tokenAmount(row);
  return {
    paymentId: row.id,
    merchant: { id: merchant.id, name: merchant.name, iconUrl: merchant.iconUrl },
    referenceId: row.referenceId,
    status: toContractStatus(status),
    isTerminal: isFinalStatus(status),
    fiatAmount: {
      unit: `iso4217/${row.fiatCurrency}`,
      value: row.fiatAmount.toString(),
      display: {
        assetSymbol: row.fiatCurrency,
        assetName: row.fiatCurrency,
        decimals: currencyExponent(row.fiatCurrency) ?? 2,
      },
    },
    ...(token ? { tokenAmount: token } : {}),
    ...(row.buyerAccount
      ? {
          buyer: {
            accountCaip10: row.buyerAccount,
            ...(row.walletName ? { accountProviderName: row.walletName } : {}),
          },
        }
      : {}),
    ...(row.chainId ? { transaction: { networkId: row.chainId, ...(row.txHash ? { hash: row.txHash } : {}) } } : {}),
    // Non-custodial: the buyer pays the merchant's own address, so the payment's transfer is its settlement.
    settlement: succeeded
      ? { settled: true, ...(token ? { amount: token } : {}), ...(row.txHash ? { txHash: row.txHash } : {}) }
      : { settled: false },
    createdAt: row.createdAt.toISOString(),
    lastUpdatedAt: row.updatedAt.toISOString(),
    ...(succeeded && row.finalizedAt ? { settledAt: row.finalizedAt.toISOString() } : {}),
    ...(row.exception ? { exception: row.exception } : {}),
    ...(row.refundedAt ? { refundedAt: row.refundedAt.toISOString() } : {}),
  };
}

/** What arrived on chain (the option's amount, or what a wallet actually sent), named as configured. */
function tokenAmount(row: Row): MerchantPayment["tokenAmount"] {
  const value = row.receivedAmount ?? row.tokenAmount;
  if (!row.tokenCaip19 || value === null) return undefined;
  const network = row.chainId ? loadNetworks().find((n) => n.chainId === row.chainId) : undefined;
  const configured = network?.tokens.find((t) => t.caip19 === row.tokenCaip19);
  // A token no longer configured still lists, with what the payment recorded about it.
  const display =
    network && configured
      ? {
          assetSymbol: configured.symbol,
          assetName: configured.name,
          decimals: configured.decimals,
          ...(configured.iconUrl ? { iconUrl: absoluteUrl(configured.iconUrl) } : {}),
          networkName: network.name,
          ...(network.iconUrl ? { networkIconUrl: absoluteUrl(network.iconUrl) } : {}),
        }
      : row.tokenSymbol
        ? { assetSymbol: row.tokenSymbol, assetName: row.tokenSymbol, decimals: row.tokenDecimals ?? 0 }
        : null;
  return { unit: `caip19/${row.tokenCaip19}`, value, display };
}

/** Icons configured as a path on this service go out as full URLs: API clients have no page to resolve them against. */
function absoluteUrl(iconUrl: string): string {
  return new URL(iconUrl, env().PUBLIC_BASE_URL).toString();
}
