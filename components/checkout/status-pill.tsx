import type { CheckoutStatus } from "./use-payment-status";

const STATUS_TEXT: Record<CheckoutStatus, string> = {
  pending: "Awaiting payment",
  processing: "Confirming on chain",
  succeeded: "Paid",
  failed: "Payment failed",
  expired: "Expired",
  cancelled: "Cancelled",
};

export function StatusPill({ status }: { status: CheckoutStatus }) {
  return (
    <span className="status" data-status={status} data-testid="payment-status" role="status">
      {STATUS_TEXT[status]}
    </span>
  );
}
