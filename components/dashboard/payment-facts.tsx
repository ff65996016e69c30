import { formatMoney, formatTime, formatUnits } from "@/lib/dashboard/format";
import type { PaymentDetail } from "@/lib/dashboard/get-payment-detail";

/** A payment's details panel: amounts (asked and received for an exception), ids, network, buyer, transaction. */
export function PaymentFacts({ detail }: { detail: PaymentDetail }) {
  const p = detail.payment;
  const exception = detail.exception;
  const token = (amount: string) => `${formatUnits(BigInt(amount), p.token_decimals)} ${p.token_symbol}`;
  return (
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
        {detail.quote ? (
          <>
            <dt>Rate</dt>
            <dd data-testid="quote-rate">
              1 {p.fiat_currency} = {detail.quote.tokensPerUnit} {p.token_symbol}
              {detail.quote.pricedAt
                ? ` (feeds ${detail.quote.rounds.map((r) => `${r.pair} round ${r.roundId}`).join(", ")}; updated ${formatTime(detail.quote.pricedAt)})`
                : " (static price)"}
            </dd>
          </>
        ) : null}
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
  );
}

/** How far what arrived is from what was asked, in words (nothing when they match, as for most late payments). */
function Difference({
  asked,
  received,
  format,
}: {
  asked: string | null;
  received: string;
  format: (amount: string) => string;
}) {
  if (asked === null || BigInt(asked) === BigInt(received)) return null;
  const gap = BigInt(received) - BigInt(asked);
  return (
    <span className="dash-muted">
      {" "}
      ({gap < 0n ? `${format((-gap).toString())} short` : `${format(gap.toString())} over`})
    </span>
  );
}
