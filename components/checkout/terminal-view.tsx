"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { redirectTarget } from "./redirect-target";

export type TerminalKind = "succeeded" | "already_paid" | "failed" | "expired" | "cancelled";

const TONE: Record<TerminalKind, "ok" | "bad"> = {
  succeeded: "ok",
  already_paid: "ok",
  failed: "bad",
  expired: "bad",
  cancelled: "bad",
};

const REDIRECT_SECONDS = 3;

/**
 * The end of a checkout. With both merchant URLs valid HTTPS the buyer goes back to the merchant
 * after a short countdown (success URL on success, error URL otherwise); without them the view stays.
 * Without JavaScript a refresh in <noscript> does the same.
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
  const t = useTranslations("checkout.terminal");
  const tone = TONE[kind];
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
      className={`terminal terminal-${tone}`}
      data-testid="terminal-view"
      data-kind={kind}
      data-redirect={target ? "scheduled" : "none"}
      aria-live="polite"
    >
      <div className="terminal-icon" aria-hidden="true">
        {tone === "ok" ? "✓" : "!"}
      </div>
      <h2>{t(`${kind}.title`)}</h2>
      <p className="muted">{t(`${kind}.body`)}</p>
      {kind === "failed" || kind === "cancelled" ? (
        <p className="muted mono" data-testid="payment-reference">
          {t("reference", { id: paymentId })}
        </p>
      ) : null}
      {txHash ? (
        <p className="muted mono" data-testid="tx-hash">
          {t("transaction", { hash: `${txHash.slice(0, 10)}…${txHash.slice(-6)}` })}
        </p>
      ) : null}
      {target ? (
        <p data-testid="redirect-notice">
          <noscript>
            <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=${target}`} />
          </noscript>
          {t("returning", { seconds: left })} <a href={target}>{t("returnNow")}</a>
        </p>
      ) : null}
    </section>
  );
}
