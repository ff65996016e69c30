import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { PayLinkForm } from "@/components/payment-links/pay-link-form";
import { formatFiat } from "@/lib/money/format-fiat";
import { getPublicPaymentLink } from "@/lib/payment-links/get-public-payment-link";

export const metadata: Metadata = { title: "Pay", referrer: "no-referrer" };

/**
 * A payment link's public page: who asks, for what, and how much (or an amount field within the range).
 * Nothing is created by opening it (link previews and crawlers open links too): "Pay" makes the payment
 * and goes to its checkout.
 */
export default async function PaymentLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const link = await getPublicPaymentLink(await getDb(), (await params).id);
  if (!link) notFound();
  const { terms, currency } = link;
  return (
    <main>
      <div className="card">
        <div className="merchant">
          <span className="initial" aria-hidden="true">
            {link.merchantName.slice(0, 1).toUpperCase()}
          </span>
          <h1 data-testid="merchant-name">{link.merchantName}</h1>
        </div>
        <p data-testid="link-description">{link.description}</p>
        {!link.active ? (
          <div role="alert" data-testid="link-inactive">
            <h2>This link no longer accepts payments</h2>
            <p className="muted">Ask {link.merchantName} for another way to pay.</p>
          </div>
        ) : terms.amount !== null ? (
          <>
            <div className="muted">Amount due</div>
            <div className="amount" data-testid="fiat-amount">
              {formatFiat(terms.amount, currency)}
            </div>
            <PayLinkForm linkId={link.id} currency={currency} />
          </>
        ) : (
          <PayLinkForm
            linkId={link.id}
            currency={currency}
            range={{
              minimum: terms.minimumAmount.toString(),
              maximum: terms.maximumAmount.toString(),
              label: `${formatFiat(terms.minimumAmount, currency)} to ${formatFiat(terms.maximumAmount, currency)}`,
            }}
          />
        )}
      </div>
    </main>
  );
}
