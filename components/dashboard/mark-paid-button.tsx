"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "./dashboard-fetch";

/**
 * "Mark as paid" in two steps (the button, then Confirm): the payment becomes succeeded for good,
 * recorded under the signed-in user's name, so a stray click must not do it. The page re-renders
 * from the server afterwards, showing the new status and who marked it.
 */
export function MarkPaidButton({ paymentId, reference, csrfToken }: { paymentId: string; reference: string; csrfToken: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function markPaid() {
    setBusy(true);
    const result = await dashboardFetch(`/dashboard/api/payments/${encodeURIComponent(paymentId)}/mark-paid`, { method: "POST", csrfToken });
    setBusy(false);
    setError(result.ok ? null : result.message);
    setConfirming(false);
    // Either way the page shows where the payment stands now (another tab may have marked it already).
    router.refresh();
  }

  return (
    <div>
      {confirming ? (
        <div className="dash-confirm" role="group" aria-labelledby="mark-paid-question">
          <p id="mark-paid-question">
            Mark payment {reference} as paid? Its status becomes Succeeded and counts as revenue; your email and the time are recorded. This cannot be undone.
          </p>
          <div className="dash-row">
            <button type="button" className="dash-btn dash-btn-primary" onClick={markPaid} disabled={busy} autoFocus>
              {busy ? "Marking as paid…" : "Confirm: mark as paid"}
            </button>
            <button type="button" className="dash-btn" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="dash-btn dash-btn-primary" onClick={() => setConfirming(true)}>
          Mark as paid
        </button>
      )}
      <div role="alert">{error ? <p className="dash-error">{error}</p> : null}</div>
    </div>
  );
}
