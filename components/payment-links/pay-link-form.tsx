"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { formatDecimal } from "@/lib/i18n/format-amount";
import { minorToDecimal } from "@/lib/money/format-fiat";
import { parseFiatInput } from "@/lib/money/parse-fiat-input";

/** Minor units, and the same as the buyer's locale writes them. */
type Range = { minimum: string; maximum: string; minimumText: string; maximumText: string };

/**
 * "Pay": asks the service for a new payment of the link (with the buyer's amount when the link lets the
 * buyer enter it) and goes to its checkout. The service checks the amount again; its refusal is shown here.
 */
export function PayLinkForm({ linkId, currency, range }: { linkId: string; currency: string; range?: Range }) {
  const t = useTranslations("paymentLink");
  const locale = useLocale();
  const [error, setError] = useState<string | null>(null);
  const bounds = range ? { minimum: range.minimumText, maximum: range.maximumText } : null;
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let body: { amount?: string } = {};
    if (range) {
      const typed = String(new FormData(event.currentTarget).get("amount") ?? "");
      const minor = parseFiatInput(typed, currency);
      if (minor === undefined || minor <= 0n) {
        const example = formatDecimal(minorToDecimal(1250n, currency), locale, { useGrouping: false });
        setError(t("amountError", { currency, example }));
        return;
      }
      if (minor < BigInt(range.minimum) || minor > BigInt(range.maximum)) {
        setError(t("rangeError", bounds!));
        return;
      }
      body = { amount: minor.toString() };
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/v1/payment-links/${encodeURIComponent(linkId)}/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const data = (await res.json().catch(() => ({}))) as { gatewayUrl?: string; message?: string };
      if (res.ok && data.gatewayUrl) {
        window.location.assign(data.gatewayUrl);
        return;
      }
      setError(data.message ?? t("serviceError", { status: res.status }));
    } catch {
      setError(t("offline"));
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate className="pay">
      {range ? (
        <div className="amount-field">
          <label htmlFor="amount">{t("amountLabel", { currency })}</label>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            aria-describedby="amount-hint"
            aria-invalid={error ? true : undefined}
          />
          <span id="amount-hint" className="muted">
            {t("rangeHint", bounds!)}
          </span>
        </div>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t("opening") : t("pay")}
      </button>
      <div role="alert">{error ? <p className="error">{error}</p> : null}</div>
    </form>
  );
}
