import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { ExceptionBadge } from "@/components/dashboard/exception-badge";
import { ExceptionPanel } from "@/components/dashboard/exception-panel";
import { RefundBadge } from "@/components/dashboard/refund-badge";
import { RefundPanel } from "@/components/dashboard/refund-panel";
import { StatusBadge, statusLabel } from "@/components/dashboard/status-badge";
import { formatMoney, formatTime, formatUnits } from "@/lib/dashboard/format";
import { getPaymentDetail } from "@/lib/dashboard/get-payment-detail";
import { requireSession } from "@/lib/dashboard/page-session";

export const metadata: Metadata = { title: "Payment" };

/**
 * One payment: status timeline, amounts, buyer, network and the transaction on the explorer, and for
 * a payment with an exception what arrived and "Mark as paid", and for a succeeded one its refund.
 * Another merchant's id is a 404.
 */
export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requireSession();
  const { id } = await params;
  const detail = await getPaymentDetail(await getDb(), session.merchant.id, id);
  if (!detail) notFound();
  const p = detail.payment;
  const token = (amount: string) => `${formatUnits(BigInt(amount), p.token_decimals)} ${p.token_symbol}`;
  const exception = detail.exception;
  return (
    <>
      <p>
        <Link href="/dashboard/payments">← All payments</Link>
      </p>
      <h1>
        Payment {p.reference_id} <StatusBadge status={p.status} /> <ExceptionBadge exception={exception?.kind} /> <RefundBadge refundedAt={detail.refund?.at} />
      </h1>
      {exception ? <ExceptionPanel exception={exception} status={p.status} paymentId={p.payment_id} reference={p.reference_id} csrfToken={session.csrfToken} /> : null}
      <RefundPanel detail={detail} csrfToken={session.csrfToken} />
      <div className="dash-two">
        <section className="dash-panel" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <dl className="dash-facts">
            <dt>Amount</dt>
            <dd data-testid="fiat-amount">{formatMoney(BigInt(p.fiat_amount), p.fiat_currency)}</dd>
            {exception?.receivedAmount ? (
              <>
                <dt>Asked</dt>
                <dd data-testid="token-asked">{exception.askedTokenAmount ? token(exception.askedTokenAmount) : "—"}</dd>
                <dt>Received</dt>
                <dd>
                  <span data-testid="token-received">{token(exception.receivedAmount)}</span>
                  <Difference asked={exception.askedTokenAmount} received={exception.receivedAmount} format={token} />
                </dd>
              </>
            ) : (
              <>
                <dt>Paid with</dt>
                <dd data-testid="token-amount">{p.token_amount ? token(p.token_amount) : "Not paid yet"}</dd>
              </>
            )}
            <dt>Payment id</dt>
            <dd>
              <code>{p.payment_id}</code>
            </dd>
            <dt>Reference</dt>
            <dd>{p.reference_id}</dd>
            <dt>Network</dt>
            <dd>{detail.networkName ?? "—"}</dd>
            <dt>Token</dt>
            <dd>{p.token_caip19 ? <code>{p.token_caip19}</code> : "—"}</dd>
            <dt>Buyer account</dt>
            <dd data-testid="buyer">{p.buyer_caip10 ? <code>{p.buyer_caip10}</code> : "—"}</dd>
            <dt>Wallet</dt>
            <dd>{p.wallet_name || "—"}</dd>
            <dt>Transaction</dt>
            <dd data-testid="tx-hash">
              {p.tx_hash ? (
                detail.explorerUrl ? (
                  <a href={detail.explorerUrl} target="_blank" rel="noreferrer noopener">
                    <code>{p.tx_hash}</code>
                    <span className="dash-visually-hidden"> (opens the block explorer in a new tab)</span>
                  </a>
                ) : (
                  <code>{p.tx_hash}</code>
                )
              ) : (
                "—"
              )}
            </dd>
            <dt>Created</dt>
            <dd>{formatTime(p.created_at)}</dd>
            <dt>Expires</dt>
            <dd>{formatTime(detail.expiresAt)}</dd>
          </dl>
        </section>
        <section className="dash-panel" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">Timeline</h2>
          <ol className="dash-timeline" data-testid="timeline">
            {detail.timeline.map((e, i) => (
              <li key={i}>
                <strong>{statusLabel(e.status)}</strong>
                {e.status === "succeeded" && exception?.resolvedBy ? <div>Marked as paid by {exception.resolvedBy}</div> : null}
                {e.status === "refunded" && detail.refund?.by ? <div>by {detail.refund.by}</div> : null}
                <div className="dash-muted">{formatTime(e.at)}</div>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

/** How far what arrived is from what was asked, in words (nothing when they match, as for most late payments). */
function Difference({ asked, received, format }: { asked: string | null; received: string; format: (amount: string) => string }) {
  if (asked === null || BigInt(asked) === BigInt(received)) return null;
  const gap = BigInt(received) - BigInt(asked);
  return <span className="dash-muted"> ({gap < 0n ? `${format((-gap).toString())} short` : `${format(gap.toString())} over`})</span>;
}
