import { formatTime } from "@/lib/dashboard/format";
import type { PaymentDetail } from "@/lib/dashboard/get-payment-detail";
import { MarkRefundedButton } from "./mark-refunded-button";
import { RefundFromWallet } from "./refund-from-wallet";

/**
 * A succeeded payment's refund: who refunded it and when, with the transaction when it was sent from
 * this page; otherwise the two ways to record one (refund from the merchant's own wallet, verified on
 * chain, or mark as refunded for a refund made elsewhere). The service never sends money itself.
 */
export function RefundPanel({ detail, csrfToken }: { detail: PaymentDetail; csrfToken: string }) {
  const { refund, walletRefund, payment } = detail;
  if (!refund && payment.status !== "succeeded") return null;
  return (
    <section className="dash-panel" aria-labelledby="refund-heading" data-testid="refund-panel">
      <h2 id="refund-heading">Refund</h2>
      {refund ? (
        <>
          <p className="dash-ok" data-testid="refund-record">
            Refunded on {formatTime(refund.at)} by {refund.by ?? "—"}
          </p>
          {refund.txHash ? (
            <p data-testid="refund-tx">
              Refund transaction:{" "}
              {refund.explorerUrl ? (
                <a href={refund.explorerUrl} target="_blank" rel="noreferrer noopener">
                  <code>{refund.txHash}</code>
                  <span className="dash-visually-hidden"> (opens the block explorer in a new tab)</span>
                </a>
              ) : (
                <code>{refund.txHash}</code>
              )}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="dash-muted">
            The money is in your receiving address: refund the buyer from your wallet here, or record a refund you made
            elsewhere.
          </p>
          {walletRefund ? (
            <RefundFromWallet plan={walletRefund.plan} networks={walletRefund.networks} csrfToken={csrfToken} />
          ) : null}
          <MarkRefundedButton paymentId={payment.payment_id} csrfToken={csrfToken} />
        </>
      )}
    </section>
  );
}
