"use client";

import { ConnectionProvider, WalletProvider } from "@solana/wallet-adapter-react";
import { useMemo, type ReactNode } from "react";
import { WagmiProvider, type Config } from "wagmi";
import type { CheckoutNetwork } from "@/lib/gateway/checkout-networks";

/** The label endpoint wallet-adapter derives its chain from; the checkout never calls it. */
const SOLANA_ENDPOINT_LABEL = "https://api.mainnet-beta.solana.com";

/**
 * wagmi for EVM wallets and the Solana wallet adapter (Wallet Standard wallets register
 * themselves; no adapter list needed). Both sit under the caller's QueryClientProvider.
 */
export function WalletProviders({
  wagmiConfig,
  networks,
  children,
}: {
  wagmiConfig: Config | null;
  networks: CheckoutNetwork[];
  children: ReactNode;
}) {
  const solana = networks.find((n) => n.namespace === "solana");
  const wallets = useMemo(() => [], []);
  let tree = children;
  if (solana) {
    tree = (
      <ConnectionProvider endpoint={solana.publicRpcUrl ?? SOLANA_ENDPOINT_LABEL}>
        <WalletProvider wallets={wallets} autoConnect>
          {tree}
        </WalletProvider>
      </ConnectionProvider>
    );
  }
  if (wagmiConfig) tree = <WagmiProvider config={wagmiConfig}>{tree}</WagmiProvider>;
  return tree;
}
