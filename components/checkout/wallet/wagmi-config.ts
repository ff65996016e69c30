import { custom, defineChain, type Chain } from "viem";
import { createConfig, http, type Config, type CreateConnectorFn } from "wagmi";
import { injected, walletConnect } from "wagmi/connectors";
import type { CheckoutNetwork } from "@/lib/gateway/checkout-networks";

/**
 * wagmi for the EVM networks the merchant accepts. Injected wallets are found by EIP-6963
 * (multiInjectedProviderDiscovery) plus the legacy window.ethereum. The checkout itself reads
 * nothing from chains (the service verifies), so a network without a public RPC URL gets a
 * transport that refuses: the wallet's own RPC does all the work.
 */
export function createWagmiConfig(
  networks: CheckoutNetwork[],
  extraConnectors: CreateConnectorFn[] = [],
): Config | null {
  const chains = networks.filter((n) => n.namespace === "eip155").map(toViemChain);
  if (chains.length === 0) return null;
  const transports = Object.fromEntries(
    chains.map((chain) => {
      const url = chain.rpcUrls.default.http[0];
      return [
        chain.id,
        url
          ? http(url)
          : custom({ request: async () => Promise.reject(new Error(`no public RPC for chain ${chain.id}`)) }),
      ];
    }),
  );
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    connectors: [injected(), ...extraConnectors],
    transports,
    multiInjectedProviderDiscovery: true,
    ssr: false,
  });
}

function toViemChain(network: CheckoutNetwork): Chain {
  return defineChain({
    id: Number(network.reference),
    name: network.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: network.publicRpcUrl ? [network.publicRpcUrl] : [] } },
  });
}

/**
 * WalletConnect for phone wallets: the connector shows its QR modal and loads its provider only
 * when the buyer picks it (the library is a dynamic import inside the connector).
 */
export function walletConnectConnector(projectId: string): CreateConnectorFn {
  const origin = window.location.origin;
  return walletConnect({
    projectId,
    showQrModal: true,
    metadata: { name: "Checkout", description: "Pay with crypto", url: origin, icons: [`${origin}/icons/usdc.svg`] },
  });
}
