import { useLocale, useTranslations } from "next-intl";
import { formatFiatAmount } from "@/lib/i18n/format-amount";
import type { CheckoutPayment } from "@/lib/payments/get-checkout-payment";

/** Server-rendered header of the checkout: who is asking, and how much, as the buyer's locale writes money. */
export function PaymentSummary({ payment }: { payment: CheckoutPayment }) {
  const t = useTranslations("checkout.summary");
  const locale = useLocale();
  return (
    <section aria-label={t("label")}>
      <div className="merchant">
        {payment.merchantIconUrl ? (
          // Merchant icons are arbitrary URLs: served as they are, not through the image optimizer (a
          // plain img also keeps next/image's client code off the checkout's first load).
          // eslint-disable-next-line @next/next/no-img-element
          <img src={payment.merchantIconUrl} alt="" width={40} height={40} decoding="async" />
        ) : (
          <span className="initial" aria-hidden="true">
            {payment.merchantName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <h1 data-testid="merchant-name" dir="auto">
          {payment.merchantName}
        </h1>
      </div>
      <div className="muted">{payment.status === "succeeded" ? t("amountPaid") : t("amountDue")}</div>
      <div className="amount" data-testid="fiat-amount">
        {formatFiatAmount(payment.fiatAmount, payment.fiatCurrency, locale)}
      </div>
    </section>
  );
}
