import Image from "next/image";
import { formatFiat } from "@/lib/money/format-fiat";
import type { CheckoutPayment } from "@/lib/payments/get-checkout-payment";

/** Server-rendered header of the checkout: who is asking, and how much. */
export function PaymentSummary({ payment }: { payment: CheckoutPayment }) {
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
      <div className="muted">{payment.status === "succeeded" ? "Amount paid" : "Amount due"}</div>
      <div className="amount" data-testid="fiat-amount">
        {formatFiat(payment.fiatAmount, payment.fiatCurrency)}
      </div>
    </section>
  );
}
