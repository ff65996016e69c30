import Image from "next/image";
import { formatFiat } from "@/lib/money/format-fiat";
import type { CheckoutPayment } from "@/lib/payments/get-checkout-payment";
import { Countdown } from "./countdown";

const STATUS_TEXT: Record<CheckoutPayment["status"], string> = {
  pending: "Awaiting payment",
  processing: "Confirming on chain",
  succeeded: "Paid",
  failed: "Payment failed",
  expired: "Expired",
};

/** Server-rendered summary: who is asking, how much, and for how long. */
export function PaymentSummary({ payment }: { payment: CheckoutPayment }) {
  const expiresAt = Math.floor(payment.expiresAt.getTime() / 1000);
  return (
    <section aria-label="Payment summary">
      <div className="merchant">
        {payment.merchantIconUrl ? (
          // Merchant icons are arbitrary URLs: served as they are, not through the image optimizer.
          <Image src={payment.merchantIconUrl} alt="" width={40} height={40} unoptimized />
        ) : (
          <span className="initial" aria-hidden="true">
            {payment.merchantName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <h1 data-testid="merchant-name">{payment.merchantName}</h1>
      </div>
      <div className="muted">Amount due</div>
      <div className="amount" data-testid="fiat-amount">
        {formatFiat(payment.fiatAmount, payment.fiatCurrency)}
      </div>
      <div className="muted">
        {payment.isFinal ? null : <Countdown expiresAt={expiresAt} initialNow={payment.renderedAt} />}
      </div>
      <span className="status" data-status={payment.status} data-testid="payment-status">
        {STATUS_TEXT[payment.status]}
      </span>
    </section>
  );
}
