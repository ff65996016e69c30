"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatTokenAmount } from "@/lib/i18n/format-amount";
import type { Locale } from "@/lib/i18n/locales";
import { formatFiat } from "@/lib/money/format-fiat";
import type { Charge, PaymentStatus } from "./pos-api";

const FAILED_KEYS = { expired: "expired", cancelled: "cancelled", failed: "failed" } as const;

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
  const t = useTranslations("pos");
  const pageLocale = useLocale() as Locale;
  const fiat = formatFiat(BigInt(charge.payment.amount.value), charge.payment.amount.currency, locale);
  if (status.status !== "succeeded") {
    const failedKey = FAILED_KEYS[status.status as keyof typeof FAILED_KEYS];
    return (
      <section className="pos-result pos-result-failed" aria-labelledby="result-heading" data-testid="pos-failed">
        <h1 id="result-heading">{t("notPaid")}</h1>
        <p>{failedKey ? t(failedKey) : t("endedOther", { status: status.status })}</p>
        <p className="pos-result-amount">{fiat}</p>
        <button type="button" className="pos-primary" onClick={onNext}>
          {t("newSale")}
        </button>
      </section>
    );
  }
  const paid = status.info?.optionAmount;
  return (
    <section className="pos-result pos-result-paid" aria-labelledby="result-heading" data-testid="pos-paid">
      <h1 id="result-heading">{t("paid")}</h1>
      <p className="pos-result-amount">{fiat}</p>
      <article className="pos-receipt" aria-label={t("receipt")} data-testid="pos-receipt">
        <h2>{merchantName}</h2>
        <p>{new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date())}</p>
        <dl>
          <dt>{t("receiptAmount")}</dt>
          <dd>{fiat}</dd>
          {paid ? (
            <>
              <dt>{t("receiptPaid")}</dt>
              <dd>
                {formatTokenAmount(paid.value, paid.display.decimals, pageLocale)} {paid.display.assetSymbol}
              </dd>
            </>
          ) : null}
          <dt>{t("receiptSale")}</dt>
          <dd>{charge.payment.referenceId}</dd>
          <dt>{t("receiptPayment")}</dt>
          <dd>
            <code>{charge.payment.paymentId}</code>
          </dd>
          {status.info ? (
            <>
              <dt>{t("receiptTransaction")}</dt>
              <dd>
                <code className="pos-tx">{status.info.txId}</code>
              </dd>
            </>
          ) : null}
        </dl>
      </article>
      <div className="pos-actions">
        <button type="button" className="pos-secondary" onClick={() => window.print()}>
          {t("printReceipt")}
        </button>
        <button type="button" className="pos-primary" onClick={onNext}>
          {t("newSale")}
        </button>
      </div>
    </section>
  );
}
