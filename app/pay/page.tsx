import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { getDb } from "@/db/client";
import { CheckoutApp } from "@/components/checkout/checkout-app";
import { LanguageSwitcher } from "@/components/checkout/language-switcher";
import { NoscriptRefresh } from "@/components/checkout/noscript-refresh";
import { PaymentSummary } from "@/components/checkout/payment-summary";
import { ShareLink } from "@/components/checkout/share-link";
import { env } from "@/lib/env";
import { checkoutNetworks } from "@/lib/gateway/checkout-networks";
import { pickNamespaces, type Messages } from "@/lib/i18n/load-messages";
import { getCheckoutPayment } from "@/lib/payments/get-checkout-payment";
import { gatewayUrlFor } from "@/lib/payments/payment-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("checkout");
  return { title: t("title"), referrer: "no-referrer" };
}

/** The hosted checkout the gatewayUrl points to (`/pay?pid=pay_…`), in the buyer's language. */
export default async function CheckoutPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { pid } = await searchParams;
  const payment = await getCheckoutPayment(await getDb(), typeof pid === "string" ? pid : undefined);
  if (!payment) notFound();
  const expiresAt = Math.floor(payment.expiresAt.getTime() / 1000);
  // Only the checkout's messages in the active locale go to the browser.
  const messages = pickNamespaces((await getMessages()) as Messages, ["checkout", "common"]);
  return (
    <main>
      <div className="card">
        <LanguageSwitcher path="/pay" query={{ pid: payment.id }} />
        <PaymentSummary payment={payment} />
        <NoscriptRefresh status={payment.status} expiresAt={expiresAt} renderedAt={payment.renderedAt} />
        <NextIntlClientProvider messages={messages}>
          <CheckoutApp
            paymentId={payment.id}
            initial={{ status: payment.status, isFinal: payment.isFinal, txHash: payment.txHash }}
            expiresAt={expiresAt}
            renderedAt={payment.renderedAt}
            redirects={payment.redirects}
            networks={checkoutNetworks(payment.namespaces)}
            walletConnectProjectId={env().WALLETCONNECT_PROJECT_ID ?? null}
            share={<ShareLink paymentId={payment.id} url={gatewayUrlFor(payment.id)} />}
          />
        </NextIntlClientProvider>
      </div>
    </main>
  );
}
