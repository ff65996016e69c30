import type { PaymentAction, WalletRpcAction } from "@/lib/chains/chain-adapter";

/**
 * Actions on the wire carry both forms (design.md): the WalletConnect Pay SDK reads
 * `data{chain_id, method, params[]}`, the spec's wallets read `walletRpc{chainId, method, params}`
 * with params as JSON text. A build action is `{type:"build", data:{data}}`, where `data` is the
 * lowercase hex (no 0x) of a WalletRpcAction JSON `{chain_id, method, params}` ready to sign: the
 * WalletConnect Pay CLI hex-decodes it and never calls fetch; the SDK and our wallet client call
 * fetch, which answers a freshly built action (the server ignores the `data` sent back).
 */
export type WireAction =
  | {
      type: "walletRpc";
      data: { chain_id: string; method: string; params: unknown[] };
      walletRpc: { chainId: string; method: string; params: string };
    }
  | { type: "build"; data: { data: string } };

export function toWireAction(action: PaymentAction): WireAction {
  if (action.type === "build") return { type: "build", data: { data: buildDataOf(action.request) } };
  return {
    type: "walletRpc",
    data: { chain_id: action.chainId, method: action.method, params: action.params },
    walletRpc: { chainId: action.chainId, method: action.method, params: JSON.stringify(action.params) },
  };
}

/** A wallet request as a build action's `data`: hex of its JSON in the SDK's (snake_case) form. */
export function buildDataOf(request: WalletRpcAction): string {
  return Buffer.from(
    JSON.stringify({ chain_id: request.chainId, method: request.method, params: request.params }),
    "utf8",
  ).toString("hex");
}
