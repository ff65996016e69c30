import { loadNetworks } from "@/lib/chains/load-networks";
import { parseChainId } from "@/lib/chains/caip";

/** What the browser checkout may know of a network: never the server's own RPC URL. */
export type CheckoutNetwork = {
  chainId: string;
  namespace: string;
  reference: string;
  name: string;
  iconUrl: string | null;
  /** Given to a wallet asked to add the chain; null when the operator published none. */
  publicRpcUrl: string | null;
};

/** Networks of the namespaces the merchant receives on, as the checkout's wallet connectors need them. */
export function checkoutNetworks(namespaces: ReadonlySet<string>): CheckoutNetwork[] {
  return loadNetworks().flatMap((n) => {
    const chain = parseChainId(n.chainId);
    if (!chain || !namespaces.has(chain.namespace)) return [];
    return [
      {
        chainId: n.chainId,
        namespace: chain.namespace,
        reference: chain.reference,
        name: n.name,
        iconUrl: n.iconUrl ?? null,
        publicRpcUrl: n.publicRpcUrl ?? null,
      },
    ];
  });
}
