"use client";

import { TwoStepAction } from "./two-step-action";

/** "Mark as paid": the payment becomes succeeded for good, recorded under the signed-in user's email. */
export function MarkPaidButton({
  paymentId,
  reference,
  csrfToken,
}: {
  paymentId: string;
  reference: string;
  csrfToken: string;
}) {
  return (
    <TwoStepAction
      primary
      label="Mark as paid"
      question={`Mark payment ${reference} as paid? Its status becomes Succeeded and counts as revenue; your email and the time are recorded. This cannot be undone.`}
      confirmLabel="Confirm: mark as paid"
      busyLabel="Marking as paid…"
      endpoint={`/dashboard/api/payments/${encodeURIComponent(paymentId)}/mark-paid`}
      csrfToken={csrfToken}
    />
  );
}
