"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { useConnect, useConnection, useConnectors, useDisconnect, useSwitchChain } from "wagmi";
import type { CheckoutNetwork } from "@/lib/gateway/checkout-networks";
import { WalletFlowError } from "@/lib/wallet";
import { WalletButton, ConnectedRow } from "./wallet-button";
import type { EvmSession } from "./sessions";

/**
 * EVM wallets: every EIP-6963 wallet the browser announced (and window.ethereum when nothing
 * announced itself). Reports the connected account and a signer that first puts the wallet on the
 * option's chain, so the buyer never signs on the wrong network.
 */
export function EvmWallets({
  networks,
  onSession,
}: {
  networks: CheckoutNetwork[];
  onSession: (s: EvmSession | null) => void;
}) {
  const t = useTranslations("checkout.wallet");
  const connectors = useConnectors();
  const connect = useConnect();
  const { disconnect } = useDisconnect();
  // Stable across renders (TanStack Query's mutate functions): the session below must change only
  // when the connection does, or handing it up would re-render the panel in a loop.
  const { mutateAsync: switchChainAsync } = useSwitchChain();
  const connection = useConnection();
  // EIP-6963 wallets announce themselves; the generic "injected" connector (window.ethereum) is a
  // fallback for old wallets, shown only when nothing announced and window.ethereum exists.
  const announced = connectors.filter((c) => c.id !== "injected");
  const legacy = typeof window !== "undefined" && "ethereum" in window;
  const shown = announced.length > 0 ? announced : legacy ? connectors : [];

  const { connector, address, isConnected } = connection;

  const session = useMemo<EvmSession | null>(() => {
    if (!isConnected || !connector || !address) return null;
    return {
      address,
      walletName: connector.name,
      signer: {
        async request({ method, params, chainId }) {
          const want = Number(chainId.split(":")[1]);
          if ((await connector.getChainId()) !== want) {
            try {
              await switchChainAsync({ chainId: want, connector });
            } catch (cause) {
              const network = networks.find((n) => n.chainId === chainId)?.name ?? chainId;
              throw new WalletFlowError("wrong_network", t("wrongNetwork", { network }), { cause });
            }
          }
          const provider = (await connector.getProvider()) as {
            request(args: { method: string; params: unknown[] }): Promise<unknown>;
          };
          return String(await provider.request({ method, params }));
        },
      },
      disconnect: () => disconnect({ connector }),
    };
  }, [isConnected, connector, address, switchChainAsync, disconnect, networks, t]);

  useEffect(() => onSession(session), [session, onSession]);

  if (session)
    return (
      <ConnectedRow kind="EVM" name={session.walletName} account={session.address} onDisconnect={session.disconnect} />
    );
  return (
    <>
      {shown.map((connector) => (
        <li key={connector.uid}>
          <WalletButton
            name={connector.name}
            icon={connector.icon}
            kind="EVM"
            busy={connect.isPending}
            onClick={() => connect.mutate({ connector })}
          />
        </li>
      ))}
      {connect.error ? (
        <li className="error" role="alert">
          {t(declined(connect.error) ? "declined" : "connectFailed")}
        </li>
      ) : null}
    </>
  );
}

/** EIP-1193 4001: the buyer said no in the wallet (as opposed to a wallet that failed). */
function declined(error: Error): boolean {
  const code = (error as { code?: number }).code ?? (error.cause as { code?: number } | undefined)?.code;
  return code === 4001 || /reject/i.test(error.message);
}
