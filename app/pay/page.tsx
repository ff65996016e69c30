import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { PaymentSummary } from "@/components/checkout/payment-summary";
import { getCheckoutPayment } from "@/lib/payments/get-checkout-payment";

export const metadata: Metadata = { title: "Checkout", referrer: "no-referrer" };

/** The hosted checkout the gatewayUrl points to (`/pay?pid=pay_…`). */
export default async function CheckoutPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { pid } = await searchParams;
  const payment = await getCheckoutPayment(await getDb(), typeof pid === "string" ? pid : undefined);
  if (!payment) notFound();
  return (
    <main>
      <div className="card">
        <PaymentSummary payment={payment} />
        <p className="muted note">Wallet payment opens here once the gateway is enabled for this merchant.</p>
      </div>
    </main>
  );
}
