import type { payments } from "@/db/schema";

export type TransferFields = Pick<
  typeof payments.$inferSelect,
  "txHash" | "tokenCaip19" | "tokenAmount" | "tokenSymbol" | "tokenDecimals"
>;

/**
 * `info` of the public contract: the transaction that paid (or is paying) and the token amount of
 * the chosen option. Null until a transfer is recorded.
 */
export function transferInfo(p: TransferFields) {
  const { txHash, tokenCaip19, tokenAmount, tokenSymbol, tokenDecimals } = p;
  if (!txHash || !tokenCaip19 || !tokenAmount) return null;
  return {
    txId: txHash,
    optionAmount: {
      unit: `caip19/${tokenCaip19}`,
      value: tokenAmount,
      display: { assetSymbol: tokenSymbol ?? "", assetName: tokenSymbol ?? "", decimals: tokenDecimals ?? 0 },
    },
  };
}
