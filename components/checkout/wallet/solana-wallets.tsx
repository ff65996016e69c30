"use client";

import { WalletReadyState } from "@solana/wallet-adapter-base";
import { useWallet } from "@solana/wallet-adapter-react";
import { useEffect, useMemo } from "react";
import { ConnectedRow, WalletButton } from "./wallet-button";
import type { SolanaSession } from "./sessions";

/**
 * Solana wallets that registered through the Wallet Standard. The session's signer only signs
 * (never sends): the service adds its fee-payer signature and broadcasts (spec 4.5 rule 5).
 */
export function SolanaWallets({ onSession }: { onSession: (s: SolanaSession | null) => void }) {
  const { wallets, wallet, select, publicKey, connected, connecting, signTransaction, disconnect } = useWallet();
  const installed = wallets.filter(
    (w) => w.readyState === WalletReadyState.Installed || w.readyState === WalletReadyState.Loadable,
  );

  const session = useMemo<SolanaSession | null>(() => {
    if (!connected || !publicKey || !wallet || !signTransaction) return null;
    return {
      publicKey: publicKey.toBase58(),
      walletName: wallet.adapter.name,
      signTransaction,
      disconnect: () => void disconnect(),
    };
  }, [connected, publicKey, wallet, signTransaction, disconnect]);

  useEffect(() => onSession(session), [session, onSession]);

  if (session)
    return (
      <ConnectedRow
        kind="Solana"
        name={session.walletName}
        account={session.publicKey}
        onDisconnect={session.disconnect}
      />
    );
  // With autoConnect, selecting a wallet connects it.
  return (
    <>
      {installed.map((w) => (
        <li key={w.adapter.name}>
          <WalletButton
            name={w.adapter.name}
            icon={w.adapter.icon}
            kind="Solana"
            busy={connecting}
            onClick={() => select(w.adapter.name)}
          />
        </li>
      ))}
    </>
  );
}
