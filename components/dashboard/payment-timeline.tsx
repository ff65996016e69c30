import { statusLabel } from "@/components/dashboard/status-badge";
import { formatTime } from "@/lib/dashboard/format";
import type { PaymentDetail } from "@/lib/dashboard/get-payment-detail";

/** A payment's status changes in order, with who marked it paid or refunded it. */
export function PaymentTimeline({ detail }: { detail: PaymentDetail }) {
  const exception = detail.exception;
  return (
    <section className="dash-panel" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <ol className="dash-timeline" data-testid="timeline">
        {detail.timeline.map((e, i) => (
          <li key={i}>
            <strong>{statusLabel(e.status)}</strong>
            {e.status === "succeeded" && exception?.resolvedBy ? (
              <div>Marked as paid by {exception.resolvedBy}</div>
            ) : null}
            {e.status === "refunded" && detail.refund?.by ? <div>by {detail.refund.by}</div> : null}
            <div className="dash-muted">{formatTime(e.at)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
