import type { PaymentAction } from "@/lib/chains/chain-adapter";

/**
 * Actions on the wire carry both forms (design.md): the WalletConnect Pay SDK reads
 * `data{chain_id, method, params[]}`, the spec's wallets read `walletRpc{chainId, method, params}`
 * with params as JSON text. A build action is `{type:"build", data:{data}}`.
 */
export type WireAction =
  | {
      type: "walletRpc";
      data: { chain_id: string; method: string; params: unknown[] };
      walletRpc: { chainId: string; method: string; params: string };
    }
  | { type: "build"; data: { data: string } };

export function toWireAction(action: PaymentAction): WireAction {
  if (action.type === "build") return { type: "build", data: { data: action.data } };
  return {
    type: "walletRpc",
    data: { chain_id: action.chainId, method: action.method, params: action.params },
    walletRpc: { chainId: action.chainId, method: action.method, params: JSON.stringify(action.params) },
  };
}
