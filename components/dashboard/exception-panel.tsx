import { formatTime } from "@/lib/dashboard/format";
import type { PaymentDetail } from "@/lib/dashboard/get-payment-detail";
import { exceptionLabel } from "./exception-badge";
import { MarkPaidButton } from "./mark-paid-button";

const WHAT_HAPPENED: Record<string, string> = {
  paid_late:
    "The buyer's transfer reached your address after this payment or its price quote had expired, so the payment was not completed.",
  underpaid: "The buyer's transfer for this payment carried less than was asked, so the payment failed.",
  overpaid: "The buyer's transfer for this payment carried more than was asked, so the payment failed.",
  duplicate:
    "A second transfer reached your address for this payment after it was paid: you received more than the price. Refund the extra from your wallet if the buyer did not mean to pay twice.",
  reorged:
    "The transfer that paid this payment was removed from the chain by a reorganisation. If it is not mined again, the payment fails.",
  stuck: "The buyer's transfer was never mined before the processing deadline, so the payment failed.",
};

/**
 * What happened to money that arrived outside the happy path and what the merchant can do: nothing
 * marks it paid on its own; "Mark as paid" records the merchant's decision, shown here afterwards.
 */
export function ExceptionPanel(props: {
  exception: NonNullable<PaymentDetail["exception"]>;
  status: string;
  paymentId: string;
  reference: string;
  csrfToken: string;
}) {
  const { exception, status } = props;
  const resolved = exception.resolvedBy !== null && exception.resolvedAt !== null;
  return (
    <section className="dash-panel dash-attention" aria-labelledby="exception-heading" data-testid="exception-panel">
      <h2 id="exception-heading">
        {resolved
          ? `${exceptionLabel(exception.kind)}: resolved`
          : `Needs attention: ${exceptionLabel(exception.kind).toLowerCase()}`}
      </h2>
      <p>{WHAT_HAPPENED[exception.kind] ?? "Money arrived for this payment outside the usual flow."}</p>
      {resolved ? (
        <p className="dash-ok" data-testid="resolution">
          Marked as paid by {exception.resolvedBy} on {formatTime(exception.resolvedAt)}
        </p>
      ) : status === "succeeded" ? null : (
        <>
          <p className="dash-muted">
            The money is in your receiving address. Mark the payment as paid to accept it for this order, or refund the
            buyer from your wallet and leave it as it is.
          </p>
          <MarkPaidButton paymentId={props.paymentId} reference={props.reference} csrfToken={props.csrfToken} />
        </>
      )}
    </section>
  );
}
