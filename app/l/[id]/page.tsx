import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { getDb } from "@/db/client";
import { LanguageSwitcher } from "@/components/checkout/language-switcher";
import { PayLinkForm } from "@/components/payment-links/pay-link-form";
import { formatFiatAmount } from "@/lib/i18n/format-amount";
import { pickNamespaces, type Messages } from "@/lib/i18n/load-messages";
import { getPublicPaymentLink } from "@/lib/payment-links/get-public-payment-link";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("paymentLink");
  return { title: t("title"), referrer: "no-referrer" };
}

/**
 * A payment link's public page: who asks, for what, and how much (or an amount field within the range).
 * Nothing is created by opening it (link previews and crawlers open links too): "Pay" makes the payment
 * and goes to its checkout.
 */
export default async function PaymentLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const link = await getPublicPaymentLink(await getDb(), (await params).id);
  if (!link) notFound();
  const { terms, currency } = link;
  const [t, locale] = [await getTranslations("paymentLink"), await getLocale()];
  const money = (minor: bigint) => formatFiatAmount(minor, currency, locale);
  // The form's messages in the active locale, and nothing more, go to the browser.
  const messages = pickNamespaces((await getMessages()) as Messages, ["paymentLink"]);
  return (
    <main>
      <NextIntlClientProvider messages={messages}>
        <div className="card">
          <LanguageSwitcher path={`/l/${encodeURIComponent(link.id)}`} />
          <div className="merchant">
            <span className="initial" aria-hidden="true">
              {link.merchantName.slice(0, 1).toUpperCase()}
            </span>
            <h1 data-testid="merchant-name" dir="auto">
              {link.merchantName}
            </h1>
          </div>
          <p data-testid="link-description" dir="auto">
            {link.description}
          </p>
          {!link.active ? (
            <div role="alert" data-testid="link-inactive">
              <h2>{t("inactive.title")}</h2>
              <p className="muted">{t("inactive.body", { merchant: link.merchantName })}</p>
            </div>
          ) : terms.amount !== null ? (
            <>
              <div className="muted">{t("amountDue")}</div>
              <div className="amount" data-testid="fiat-amount">
                {money(terms.amount)}
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
                minimumText: money(terms.minimumAmount),
                maximumText: money(terms.maximumAmount),
              }}
            />
          )}
        </div>
      </NextIntlClientProvider>
    </main>
  );
}
