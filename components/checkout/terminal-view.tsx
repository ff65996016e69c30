"use client";

import { useEffect, useState } from "react";
import { redirectTarget } from "./redirect-target";

export type TerminalKind = "succeeded" | "already_paid" | "failed" | "expired" | "cancelled";

const COPY: Record<TerminalKind, { title: string; body: string; tone: "ok" | "bad" }> = {
  succeeded: { title: "Payment received", body: "Thank you. The merchant has been notified.", tone: "ok" },
  already_paid: {
    title: "Already paid",
    body: "This payment has already been completed. Nothing more to do.",
    tone: "ok",
  },
  failed: {
    title: "Payment failed",
    body: "The payment did not complete. If your wallet shows tokens sent, they went to the merchant: contact them with the payment reference below. Otherwise ask for a new payment link.",
    tone: "bad",
  },
  expired: {
    title: "Payment expired",
    body: "The time to pay has run out. Ask the merchant for a new payment link.",
    tone: "bad",
  },
  cancelled: {
    title: "Payment cancelled",
    body: "This payment was cancelled and can no longer be paid. If your wallet sent tokens anyway, contact the merchant with the payment reference below.",
    tone: "bad",
  },
};

const REDIRECT_SECONDS = 3;

/**
 * The end of a checkout. With both merchant URLs valid HTTPS the buyer goes back to the merchant
 * after a short countdown (success URL on success, error URL otherwise); without them the view stays.
 */
export function TerminalView({
  kind,
  paymentId,
  redirects,
  txHash,
}: {
  kind: TerminalKind;
  paymentId: string;
  redirects: { successUrl: string; errorUrl: string } | null;
  txHash?: string | null;
}) {
  const copy = COPY[kind];
  const target = redirects
    ? redirectTarget(
        kind === "succeeded" || kind === "already_paid" ? redirects.successUrl : redirects.errorUrl,
        paymentId,
      )
    : null;
  const [left, setLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (!target) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [target]);
  useEffect(() => {
    if (target && left === 0) window.location.assign(target);
  }, [target, left]);

  return (
    <section
      className={`terminal terminal-${copy.tone}`}
      data-testid="terminal-view"
      data-kind={kind}
      data-redirect={target ? "scheduled" : "none"}
      aria-live="polite"
    >
      <div className="terminal-icon" aria-hidden="true">
        {copy.tone === "ok" ? "✓" : "!"}
      </div>
      <h2>{copy.title}</h2>
      <p className="muted">{copy.body}</p>
      {kind === "failed" || kind === "cancelled" ? (
        <p className="muted mono" data-testid="payment-reference">
          Payment reference {paymentId}
        </p>
      ) : null}
      {txHash ? (
        <p className="muted mono" data-testid="tx-hash">
          Transaction {txHash.slice(0, 10)}…{txHash.slice(-6)}
        </p>
      ) : null}
      {target ? (
        <p data-testid="redirect-notice">
          Returning to the merchant in {left} s… <a href={target}>Return now</a>
        </p>
      ) : null}
    </section>
  );
}
