"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { CheckoutNetwork } from "@/lib/gateway/checkout-networks";
import { CancelPayment } from "./cancel-payment";
import { Countdown } from "./countdown";
import { StatusPill } from "./status-pill";
import { TerminalView, type TerminalKind } from "./terminal-view";
import { useMounted } from "./use-mounted";
import { usePaymentStatus, type PaymentStatusView } from "./use-payment-status";

// The wallet libraries (wagmi, viem, Solana wallet adapter) load only once the buyer asks to connect.
// React's lazy rather than next/dynamic: the panel never renders on the server (it follows a click),
// and next/dynamic's loader would add its own code to the first load.
const WalletPanel = lazy(() => import("./wallet/wallet-panel"));

function LoadingWallets() {
  const t = useTranslations("checkout");
  return (
    <p className="muted" role="status">
      {t("loadingWallets")}
    </p>
  );
}

export type CheckoutAppProps = {
  paymentId: string;
  initial: PaymentStatusView;
  expiresAt: number;
  renderedAt: number;
  redirects: { successUrl: string; errorUrl: string } | null;
  networks: CheckoutNetwork[];
  /** WalletConnect Cloud project id; null leaves WalletConnect out. */
  walletConnectProjectId: string | null;
  /** Paying from another device: phone-wallet payment requests and the link as QR code (server-rendered); shown while payable. */
  share: ReactNode;
};

export function CheckoutApp({
  paymentId,
  initial,
  expiresAt,
  renderedAt,
  redirects,
  networks,
  walletConnectProjectId,
  share,
}: CheckoutAppProps) {
  const t = useTranslations("checkout");
  const { data, setStatus, refresh } = usePaymentStatus(paymentId, initial);
  const [connecting, setConnecting] = useState(false);
  // Enabled once hydrated: before that a click is lost (seen under load in the browser tests).
  const mounted = useMounted();
  const now = useNow(renderedAt, !data.isFinal);
  // A pending payment whose window closed is expired now, whatever the last answer said.
  const status = data.status === "pending" && now >= expiresAt * 1000 ? "expired" : data.status;
  const terminal = terminalKind(status, initial.status);

  return (
    <>
      <div className="status-row">
        <StatusPill status={status} />
        {status === "pending" ? <Countdown expiresAt={expiresAt} now={now} /> : null}
      </div>
      {terminal ? (
        <TerminalView kind={terminal} paymentId={paymentId} redirects={redirects} txHash={data.txHash} />
      ) : status === "processing" ? (
        <section className="progress" aria-live="polite" data-testid="processing-view">
          <span className="spinner" aria-hidden="true" />
          <div>
            <h2>{t("processing.title")}</h2>
            <p className="muted">{t("processing.body")}</p>
          </div>
        </section>
      ) : networks.length === 0 ? (
        <p className="muted" role="alert">
          {t("noNetworks")}
        </p>
      ) : connecting ? (
        <Suspense fallback={<LoadingWallets />}>
          <WalletPanel
            paymentId={paymentId}
            networks={networks}
            walletConnectProjectId={walletConnectProjectId}
            onStatus={setStatus}
          />
        </Suspense>
      ) : (
        <button type="button" className="primary" disabled={!mounted} onClick={() => setConnecting(true)}>
          {t("connect")}
        </button>
      )}
      {status === "pending" ? share : null}
      {status === "pending" ? <CancelPayment paymentId={paymentId} setStatus={setStatus} refresh={refresh} /> : null}
    </>
  );
}

/** The clock the countdown and the local expiry share; it starts at the server's render time. */
function useNow(renderedAt: number, running: boolean): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 1000);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [running]);
  return now;
}

function terminalKind(
  status: PaymentStatusView["status"],
  initialStatus: PaymentStatusView["status"],
): TerminalKind | null {
  if (status === "succeeded") return initialStatus === "succeeded" ? "already_paid" : "succeeded";
  if (status === "failed" || status === "expired" || status === "cancelled") return status;
  return null;
}
