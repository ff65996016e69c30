"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { PaymentStatus } from "./use-payment-status";
import { useMounted } from "./use-mounted";

/**
 * "Cancel payment": the buyer gives up on this payment (the gateway's cancel, `cancelled_by_user`).
 * Asks once more before cancelling, since a cancelled payment can never be paid. The answer feeds
 * the status the page shows, so the cancelled view (and the return to the merchant's error URL
 * when redirects are on) follows at once.
 */
export function CancelPayment({
  paymentId,
  setStatus,
  refresh,
}: { paymentId: string } & Pick<PaymentStatus, "setStatus" | "refresh">) {
  const t = useTranslations("checkout.cancel");
  const [asking, setAsking] = useState(false);
  const mounted = useMounted();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/v1/gateway/payment/${encodeURIComponent(paymentId)}/cancel`, {
        method: "POST",
        cache: "no-store",
      });
      if (res.ok) {
        setStatus({ status: "cancelled", isFinal: true, txHash: null });
        return;
      }
      // Paid or expired meanwhile: the refreshed status shows where it stands (the service's own
      // message is English, so the buyer reads ours).
      refresh();
      setError(t("failed"));
    } catch {
      setError(t("offline"));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  if (!asking) {
    return (
      <p className="cancel-row">
        <button type="button" className="link-button" onClick={() => setAsking(true)} disabled={!mounted}>
          {t("button")}
        </button>
        {error ? (
          <span className="muted" role="alert">
            {" "}
            {error}
          </span>
        ) : null}
      </p>
    );
  }
  return (
    <div className="cancel-row" role="group" aria-label={t("question")}>
      <span>{t("warning")}</span>{" "}
      <button type="button" className="link-button" onClick={cancel} disabled={busy}>
        {busy ? t("busy") : t("confirm")}
      </button>{" "}
      <button type="button" className="link-button" onClick={() => setAsking(false)} disabled={busy}>
        {t("keep")}
      </button>
    </div>
  );
}
