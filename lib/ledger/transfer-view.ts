import type { z } from "zod";
import type { ChainTransfer } from "@/db/schema";
import { loadNetworks } from "@/lib/chains/load-networks";
import type { transferResponse } from "./transfer-schemas";

export type TransferView = z.infer<typeof transferResponse>;

/**
 * A ledger row as the merchant reads it: the amount in base units with the asset's symbol and
 * decimals from the networks configuration, and the explorer link when the network names one.
 */
export function toTransferView(row: ChainTransfer): TransferView {
  const network = loadNetworks().find((n) => n.chainId === row.chainId);
  const token = network?.tokens.find((t) => t.caip19 === row.asset);
  return {
    id: row.id,
    status: row.match,
    state: row.state,
    chainId: row.chainId,
    networkName: network?.name ?? null,
    txHash: row.txHash,
    explorerUrl: network?.explorerTxUrl ? network.explorerTxUrl.replace("{tx}", encodeURIComponent(row.txHash)) : null,
    sender: row.sender,
    recipient: row.recipient,
    amount: {
      unit: `caip19/${row.asset}`,
      value: row.amount,
      display: token ? { assetSymbol: token.symbol, assetName: token.name, decimals: token.decimals } : null,
    },
    paymentId: row.paymentId,
    blockNumber: row.blockNumber === null ? null : row.blockNumber.toString(),
    blockTime: row.blockTime?.toISOString() ?? null,
    observedAt: row.createdAt.toISOString(),
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}
