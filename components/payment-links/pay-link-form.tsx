"use client";

import { useState, type FormEvent } from "react";
import { parseFiatInput } from "@/lib/money/parse-fiat-input";

type Range = { minimum: string; maximum: string; label: string };

/**
 * "Pay": asks the service for a new payment of the link (with the buyer's amount when the link lets the
 * buyer enter it) and goes to its checkout. The service checks the amount again; its refusal is shown here.
 */
export function PayLinkForm({ linkId, currency, range }: { linkId: string; currency: string; range?: Range }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let body: { amount?: string } = {};
    if (range) {
      const typed = String(new FormData(event.currentTarget).get("amount") ?? "");
      const minor = parseFiatInput(typed, currency);
      if (minor === undefined || minor <= 0n) {
        setError(`Enter an amount in ${currency}, such as 12.50`);
        return;
      }
      if (minor < BigInt(range.minimum) || minor > BigInt(range.maximum)) {
        setError(`Enter an amount from ${range.label}`);
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
      setError(data.message ?? `The service answered ${res.status}; try again`);
    } catch {
      setError("Could not reach the service; check your connection and try again");
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate className="pay">
      {range ? (
        <div className="amount-field">
          <label htmlFor="amount">Amount ({currency})</label>
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
            From {range.label}
          </span>
        </div>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Opening checkout…" : "Pay"}
      </button>
      <div role="alert">{error ? <p className="error">{error}</p> : null}</div>
    </form>
  );
}
