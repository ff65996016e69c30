"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { dashboardFetch, issueFor, type FieldIssue } from "./dashboard-fetch";
import { Field } from "./field";

type Attached = { payment: { paymentId: string } };

/**
 * "Attach to payment": the merchant names the payment (its id or the merchant's own reference); on
 * success the payment's page opens, showing what the money made of it (paid, short, over).
 */
export function AttachTransferForm({
  transferId,
  amount,
  csrfToken,
}: {
  transferId: string;
  amount: string;
  csrfToken: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const field = `attach-${transferId}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payment = String(new FormData(event.currentTarget).get(field) ?? "");
    setBusy(true);
    const result = await dashboardFetch<Attached>(`/dashboard/api/transfers/${encodeURIComponent(transferId)}/attach`, {
      method: "POST",
      body: { payment },
      csrfToken,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      setIssues(result.issues);
      return;
    }
    router.push(`/dashboard/payments/${encodeURIComponent(result.data.payment.paymentId)}`);
  }

  if (!open)
    return (
      <button type="button" className="dash-btn dash-btn-primary" onClick={() => setOpen(true)}>
        Attach to payment
      </button>
    );
  return (
    <form onSubmit={submit} noValidate className="dash-confirm" aria-label={`Attach ${amount} to a payment`}>
      <Field
        id={field}
        label="Payment id or reference"
        hint="The payment this money is for: it reads paid, short or over by what arrived."
        required
        maxLength={255}
        autoFocus
        error={issueFor(issues, "payment")}
      />
      <div className="dash-row">
        <button type="submit" className="dash-btn dash-btn-primary" disabled={busy}>
          {busy ? "Attaching…" : "Attach"}
        </button>
        <button type="button" className="dash-btn" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
      </div>
      <div role="alert">{error && !issueFor(issues, "payment") ? <p className="dash-error">{error}</p> : null}</div>
    </form>
  );
}
