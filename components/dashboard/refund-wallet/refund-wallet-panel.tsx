"use client";

import { useConnection, useWallet } from "@solana/wallet-adapter-react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { EvmWallets } from "@/components/checkout/wallet/evm-wallets";
import type { EvmSession, SolanaSession } from "@/components/checkout/wallet/sessions";
import { SolanaWallets } from "@/components/checkout/wallet/solana-wallets";
import { createWagmiConfig } from "@/components/checkout/wallet/wagmi-config";
import { WalletProviders } from "@/components/checkout/wallet/wallet-providers";
import { formatUnits } from "@/lib/dashboard/format";
import type { CheckoutNetwork } from "@/lib/gateway/checkout-networks";
import type { RefundPlan } from "@/lib/payments/refund-plan";
import en from "@/lib/i18n/messages/en.json";
import { recordRefund, sendEvmRefund, sendSolanaRefund } from "./send-refund";

const WALLET_MESSAGES = { checkout: { wallet: en.checkout.wallet } };

type Props = { plan: RefundPlan; networks: CheckoutNetwork[]; csrfToken: string };

/**
 * The checkout's wallet connectors, for the merchant this time: connect the wallet holding the
 * receiving address that got the payment, send the same token and amount back to the buyer, and
 * hand the transaction to the service to verify and record. Loaded on demand.
 */
export default function RefundWalletPanel(props: Props) {
  const [queryClient] = useState(() => new QueryClient());
  const [wagmiConfig] = useState(() => createWagmiConfig(props.networks));
  return (
    <QueryClientProvider client={queryClient}>
      <WalletProviders wagmiConfig={wagmiConfig} networks={props.networks}>
        {/* The checkout's wallet buttons speak through next-intl; the dashboard is English. */}
        <NextIntlClientProvider locale="en" messages={WALLET_MESSAGES}>
          <PanelBody {...props} />
        </NextIntlClientProvider>
      </WalletProviders>
    </QueryClientProvider>
  );
}

function PanelBody({ plan, networks, csrfToken }: Props) {
  // The connectors report a fresh session object on every render of theirs; keeping it in state would
  // re-render them in a loop that starves router.refresh(). State holds only the account (a string:
  // the same value bails out), the ref the latest session to send with.
  const evm = useRef<EvmSession | null>(null);
  const [account, setAccount] = useState<string | undefined>(undefined);
  const onEvm = useCallback((s: EvmSession | null) => {
    evm.current = s;
    setAccount(s?.address);
  }, []);
  const onSolana = useCallback((s: SolanaSession | null) => setAccount(s?.publicKey), []);
  const amount = `${formatUnits(BigInt(plan.amount), plan.tokenDecimals)} ${plan.tokenSymbol}`;
  const solanaRpc = plan.namespace !== "solana" || Boolean(networks[0]?.publicRpcUrl);
  const rightAccount =
    account !== undefined &&
    (plan.namespace === "eip155" ? account.toLowerCase() === plan.from.toLowerCase() : account === plan.from);

  return (
    <div className="dash-confirm" data-testid="refund-wallet">
      <p>
        Send <strong>{amount}</strong> back to <code>{plan.to}</code> from your receiving address{" "}
        <code>{plan.from}</code>. Your wallet sends the transaction and pays its fee.
      </p>
      <ul className="dash-wallets">
        {plan.namespace === "eip155" ? (
          <EvmWallets networks={networks} onSession={onEvm} />
        ) : (
          <SolanaWallets onSession={onSolana} />
        )}
      </ul>
      {account !== undefined && !rightAccount ? (
        <p className="dash-error" role="alert">
          This wallet is {account}; connect the one holding {plan.from}, where the payment arrived.
        </p>
      ) : null}
      {!solanaRpc ? (
        <p className="dash-muted">
          This network has no public RPC URL for the page to send through: refund from your wallet app, then use Mark as
          refunded.
        </p>
      ) : rightAccount ? (
        plan.namespace === "eip155" ? (
          <SendButton
            amount={amount}
            plan={plan}
            csrfToken={csrfToken}
            send={() => sendEvmRefund(plan, evm.current!)}
          />
        ) : (
          <SolanaSend amount={amount} plan={plan} csrfToken={csrfToken} />
        )
      ) : null}
    </div>
  );
}

function SolanaSend({ amount, plan, csrfToken }: { amount: string; plan: RefundPlan; csrfToken: string }) {
  const { connection } = useConnection();
  const { sendTransaction } = useWallet();
  return (
    <SendButton
      amount={amount}
      plan={plan}
      csrfToken={csrfToken}
      send={() => sendSolanaRefund(plan, connection, (tx, c) => sendTransaction(tx, c))}
    />
  );
}

function SendButton({
  amount,
  plan,
  csrfToken,
  send,
}: {
  amount: string;
  plan: RefundPlan;
  csrfToken: string;
  send: () => Promise<string>;
}) {
  const router = useRouter();
  const [step, setStep] = useState<"idle" | "wallet" | "verifying">("idle");
  const [error, setError] = useState<string | null>(null);
  const [txHash, setTxHash] = useState<string | null>(null);

  async function refund() {
    setError(null);
    let hash = txHash;
    if (!hash) {
      setStep("wallet");
      try {
        hash = await send();
        setTxHash(hash);
      } catch (e) {
        setStep("idle");
        setError(
          /reject|denied|declin/i.test(String((e as Error)?.message))
            ? "You declined the transaction in your wallet."
            : `The wallet could not send it: ${(e as Error)?.message ?? e}`,
        );
        return;
      }
    }
    // Sent: from here on only the service's check remains, and it can be asked again with the same hash.
    setStep("verifying");
    const result = await recordRefund(plan.paymentId, hash, csrfToken);
    setStep("idle");
    if (!result.ok) return setError(`${result.message}. Transaction ${hash}`);
    router.refresh();
  }

  return (
    <div>
      <button type="button" className="dash-btn dash-btn-primary" onClick={refund} disabled={step !== "idle"}>
        {step === "wallet"
          ? "Confirm in your wallet…"
          : step === "verifying"
            ? "Verifying the refund…"
            : txHash
              ? "Check the refund again"
              : `Send ${amount} to the buyer`}
      </button>
      <div role="alert">{error ? <p className="dash-error">{error}</p> : null}</div>
    </div>
  );
}
