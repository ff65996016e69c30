import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { CheckoutApp } from "@/components/checkout/checkout-app";
import { PaymentSummary } from "@/components/checkout/payment-summary";
import { ShareLink } from "@/components/checkout/share-link";
import { env } from "@/lib/env";
import { checkoutNetworks } from "@/lib/gateway/checkout-networks";
import { getCheckoutPayment } from "@/lib/payments/get-checkout-payment";
import { gatewayUrlFor } from "@/lib/payments/payment-view";

export const metadata: Metadata = { title: "Checkout", referrer: "no-referrer" };

/** The hosted checkout the gatewayUrl points to (`/pay?pid=pay_…`). */
export default async function CheckoutPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { pid } = await searchParams;
  const payment = await getCheckoutPayment(await getDb(), typeof pid === "string" ? pid : undefined);
  if (!payment) notFound();
  return (
    <main>
      <div className="card">
        <PaymentSummary payment={payment} />
        <CheckoutApp
          paymentId={payment.id}
          initial={{ status: payment.status, isFinal: payment.isFinal, txHash: payment.txHash }}
          expiresAt={Math.floor(payment.expiresAt.getTime() / 1000)}
          renderedAt={payment.renderedAt}
          redirects={payment.redirects}
          networks={checkoutNetworks(payment.namespaces)}
          walletConnectProjectId={env().WALLETCONNECT_PROJECT_ID ?? null}
          share={<ShareLink paymentId={payment.id} url={gatewayUrlFor(payment.id)} />}
        />
      </div>
    </main>
  );
}
