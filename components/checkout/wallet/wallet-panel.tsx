"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import type { CheckoutNetwork } from "@/lib/gateway/checkout-networks";
import { accountsFor } from "@/lib/wallet";
import type { PaymentStatusView } from "../use-payment-status";
import { EvmWallets } from "./evm-wallets";
import { PaymentOptions } from "./payment-options";
import type { EvmSession, SolanaSession } from "./sessions";
import { SolanaWallets } from "./solana-wallets";
import { createWagmiConfig, walletConnectConnector } from "./wagmi-config";
import { WalletProviders } from "./wallet-providers";

/**
 * Loaded on demand (the buyer clicked "Connect a wallet"): wallet discovery for both namespaces,
 * then the payment options for the accounts the buyer connected.
 */
export default function WalletPanel({
  paymentId,
  networks,
  walletConnectProjectId,
  onStatus,
}: {
  paymentId: string;
  networks: CheckoutNetwork[];
  walletConnectProjectId: string | null;
  /** A confirm's answer, for the page's status. */
  onStatus: (view: PaymentStatusView) => void;
}) {
  // The panel's own query client (wagmi needs one): the page's first load carries none, to stay light.
  const [queryClient] = useState(() => new QueryClient());
  const [wagmiConfig] = useState(() =>
    createWagmiConfig(networks, walletConnectProjectId ? [walletConnectConnector(walletConnectProjectId)] : []),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProviders wagmiConfig={wagmiConfig} networks={networks}>
        <PanelBody paymentId={paymentId} networks={networks} hasEvm={wagmiConfig !== null} onStatus={onStatus} />
      </WalletProviders>
    </QueryClientProvider>
  );
}

function PanelBody({
  paymentId,
  networks,
  hasEvm,
  onStatus,
}: {
  paymentId: string;
  networks: CheckoutNetwork[];
  hasEvm: boolean;
  onStatus: (view: PaymentStatusView) => void;
}) {
  const t = useTranslations("checkout.wallet");
  const [evm, setEvm] = useState<EvmSession | null>(null);
  const [solana, setSolana] = useState<SolanaSession | null>(null);
  const onEvm = useCallback((s: EvmSession | null) => setEvm(s), []);
  const onSolana = useCallback((s: SolanaSession | null) => setSolana(s), []);
  const hasSolana = networks.some((n) => n.namespace === "solana");

  // Spec 4.5 rule 1: only accounts whose keys a connected wallet holds, on the networks offered here.
  const evmAddress = evm?.address ?? null;
  const solanaKey = solana?.publicKey ?? null;
  const accounts = useMemo(
    () =>
      accountsFor(
        networks.map((n) => n.chainId),
        { eip155: evmAddress, solana: solanaKey },
      ),
    [networks, evmAddress, solanaKey],
  );

  return (
    <section className="panel" aria-labelledby="wallets-heading">
      <h2 id="wallets-heading">{evm || solana ? t("connected") : t("choose")}</h2>
      <ul className="wallets" data-testid="wallet-list">
        {hasEvm ? <EvmWallets networks={networks} onSession={onEvm} /> : null}
        {hasSolana ? <SolanaWallets onSession={onSolana} /> : null}
      </ul>
      {accounts.length > 0 ? (
        <PaymentOptions paymentId={paymentId} accounts={accounts} evm={evm} solana={solana} onStatus={onStatus} />
      ) : (
        <p className="muted">{t("noWallet")}</p>
      )}
    </section>
  );
}
