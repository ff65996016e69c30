"use client";

import { formatTokenUnits } from "./token-units";
import { formatFiat } from "@/lib/money/format-fiat";
import type { Charge, PaymentStatus } from "./pos-api";

const FAILED_TEXT: Record<string, string> = {
  expired: "The payment request expired before it was paid.",
  cancelled: "The sale was cancelled.",
  failed: "The payment failed.",
};

/** How the sale ended: paid, with a receipt to print, or not paid, and the way to the next sale. */
export function ResultScreen({
  charge,
  status,
  locale,
  merchantName,
  onNext,
}: {
  charge: Charge;
  status: PaymentStatus;
  locale: string;
  merchantName: string;
  onNext: () => void;
}) {
  const fiat = formatFiat(BigInt(charge.payment.amount.value), charge.payment.amount.currency, locale);
  if (status.status !== "succeeded") {
    return (
      <section className="pos-result pos-result-failed" aria-labelledby="result-heading" data-testid="pos-failed">
        <h1 id="result-heading">Not paid</h1>
        <p>{FAILED_TEXT[status.status] ?? `The payment ended ${status.status}.`}</p>
        <p className="pos-result-amount">{fiat}</p>
        <button type="button" className="pos-primary" onClick={onNext}>
          New sale
        </button>
      </section>
    );
  }
  const paid = status.info?.optionAmount;
  return (
    <section className="pos-result pos-result-paid" aria-labelledby="result-heading" data-testid="pos-paid">
      <h1 id="result-heading">Paid</h1>
      <p className="pos-result-amount">{fiat}</p>
      <article className="pos-receipt" aria-label="Receipt" data-testid="pos-receipt">
        <h2>{merchantName}</h2>
        <p>{new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date())}</p>
        <dl>
          <dt>Amount</dt>
          <dd>{fiat}</dd>
          {paid ? (
            <>
              <dt>Paid</dt>
              <dd>
                {formatTokenUnits(paid.value, paid.display.decimals, locale)} {paid.display.assetSymbol}
              </dd>
            </>
          ) : null}
          <dt>Sale</dt>
          <dd>{charge.payment.referenceId}</dd>
          <dt>Payment</dt>
          <dd>
            <code>{charge.payment.paymentId}</code>
          </dd>
          {status.info ? (
            <>
              <dt>Transaction</dt>
              <dd>
                <code className="pos-tx">{status.info.txId}</code>
              </dd>
            </>
          ) : null}
        </dl>
      </article>
      <div className="pos-actions">
        <button type="button" className="pos-secondary" onClick={() => window.print()}>
          Print receipt
        </button>
        <button type="button" className="pos-primary" onClick={onNext}>
          New sale
        </button>
      </div>
    </section>
  );
}
