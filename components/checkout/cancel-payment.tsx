"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { statusKey, type PaymentStatusView } from "./use-payment-status";

/**
 * "Cancel payment": the buyer gives up on this payment (the gateway's cancel, `cancelled_by_user`).
 * Asks once more before cancelling, since a cancelled payment can never be paid. The answer feeds
 * the status the page shows, so the cancelled view (and the return to the merchant's error URL
 * when redirects are on) follows at once.
 */
export function CancelPayment({ paymentId }: { paymentId: string }) {
  const t = useTranslations("checkout.cancel");
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
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
        queryClient.setQueryData<PaymentStatusView>(statusKey(paymentId), {
          status: "cancelled",
          isFinal: true,
          txHash: null,
        });
        return;
      }
      // Paid or expired meanwhile: the refreshed status shows where it stands (the service's own
      // message is English, so the buyer reads ours).
      await queryClient.invalidateQueries({ queryKey: statusKey(paymentId) });
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
        <button type="button" className="link-button" onClick={() => setAsking(true)}>
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
