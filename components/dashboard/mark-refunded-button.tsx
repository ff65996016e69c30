"use client";

import { TwoStepAction } from "./two-step-action";

/** "Mark as refunded", for a refund the merchant made outside this page (bookkeeping: nothing is sent). */
export function MarkRefundedButton({ paymentId, csrfToken }: { paymentId: string; csrfToken: string }) {
  return (
    <TwoStepAction
      label="Mark as refunded"
      question="Record that you refunded this payment yourself? Nothing is sent; your email and the time are recorded. This cannot be undone."
      confirmLabel="Confirm: mark as refunded"
      busyLabel="Recording…"
      endpoint={`/dashboard/api/payments/${encodeURIComponent(paymentId)}/mark-refunded`}
      csrfToken={csrfToken}
    />
  );
}
