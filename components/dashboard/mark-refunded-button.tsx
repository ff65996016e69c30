"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardFetch } from "./dashboard-fetch";

/**
 * "Mark as refunded" in two steps, for a refund the merchant made outside this page (bookkeeping:
 * nothing is sent). Recorded under the signed-in user's email; the page re-renders afterwards.
 */
export function MarkRefundedButton({ paymentId, csrfToken }: { paymentId: string; csrfToken: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function markRefunded() {
    setBusy(true);
    const result = await dashboardFetch(`/dashboard/api/payments/${encodeURIComponent(paymentId)}/mark-refunded`, { method: "POST", csrfToken });
    setBusy(false);
    setError(result.ok ? null : result.message);
    setConfirming(false);
    router.refresh();
  }

  if (!confirming) {
    return (
      <div>
        <button type="button" className="dash-btn" onClick={() => setConfirming(true)}>
          Mark as refunded
        </button>
        <div role="alert">{error ? <p className="dash-error">{error}</p> : null}</div>
      </div>
    );
  }
  return (
    <div className="dash-confirm" role="group" aria-labelledby="mark-refunded-question">
      <p id="mark-refunded-question">Record that you refunded this payment yourself? Nothing is sent; your email and the time are recorded. This cannot be undone.</p>
      <div className="dash-row">
        <button type="button" className="dash-btn dash-btn-primary" onClick={markRefunded} disabled={busy} autoFocus>
          {busy ? "Recording…" : "Confirm: mark as refunded"}
        </button>
        <button type="button" className="dash-btn" onClick={() => setConfirming(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
