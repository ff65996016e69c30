import type { GatewayClient } from "./gateway-client";
import type { WalletAction, WalletRpcAction } from "./wallet-actions";
import { WalletFlowError } from "./wallet-error";

/**
 * The option's actions with every build action replaced, in place, by the wallet RPC actions the
 * gateway's fetch returns for it. Fetch runs only for build actions (spec 4.5): an option of
 * wallet RPC actions alone makes no call.
 */
export async function resolveActions(
  client: Pick<GatewayClient, "fetchActions">,
  {
    paymentId,
    option,
    signal,
  }: { paymentId: string; option: { id: string; actions: readonly WalletAction[] }; signal?: AbortSignal },
): Promise<WalletRpcAction[]> {
  const resolved: WalletRpcAction[] = [];
  for (const action of option.actions) {
    if (action.type === "walletRpc") {
      resolved.push(action);
      continue;
    }
    for (const fetched of await client.fetchActions(
      paymentId,
      { optionId: option.id, data: action.data },
      { signal },
    )) {
      // A build answered by another build would loop; no conforming gateway does that.
      if (fetched.type !== "walletRpc")
        throw new WalletFlowError(
          "invalid_action",
          "The payment service answered a build action with another build action.",
        );
      resolved.push(fetched);
    }
  }
  return resolved;
}
