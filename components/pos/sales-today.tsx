"use client";

import { useTranslations } from "next-intl";
import { formatFiat } from "@/lib/money/format-fiat";
import type { SalesToday } from "./pos-api";

const STATUS_KEYS = {
  requires_action: "statusOpen",
  processing: "statusConfirming",
  succeeded: "statusPaid",
  failed: "statusFailed",
  expired: "statusExpired",
  cancelled: "statusCancelled",
} as const;

/** This device's sales since its midnight, newest first, and what was paid in total. */
export function SalesTodayView({ data, locale, onBack }: { data: SalesToday; locale: string; onBack: () => void }) {
  const t = useTranslations("pos");
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" });
  return (
    <section className="pos-sales" aria-labelledby="sales-heading">
      <h1 id="sales-heading">{t("todaysSales")}</h1>
      <div className="pos-totals" data-testid="pos-totals">
        {data.totals.paid.length === 0 ? <p>{t("noPaidSales")}</p> : null}
        {data.totals.paid.map((paid) => (
          <p key={paid.currency}>
            {t.rich("paidIn", {
              amount: formatFiat(BigInt(paid.amount), paid.currency, locale),
              count: paid.count,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
            {paid.refunded !== "0"
              ? t("refunded", { amount: formatFiat(BigInt(paid.refunded), paid.currency, locale) })
              : ""}
          </p>
        ))}
        {data.totals.open > 0 ? <p>{t("stillOpen", { count: data.totals.open })}</p> : null}
      </div>
      {data.sales.length > 0 ? (
        <table className="pos-sales-table">
          <thead>
            <tr>
              <th scope="col">{t("time")}</th>
              <th scope="col">{t("receiptAmount")}</th>
              <th scope="col">{t("status")}</th>
            </tr>
          </thead>
          <tbody>
            {data.sales.map((s) => (
              <tr key={s.paymentId}>
                <td>{time.format(new Date(s.createdAt))}</td>
                <td>{formatFiat(BigInt(s.amount.value), s.amount.currency, locale)}</td>
                <td>
                  {s.status in STATUS_KEYS ? t(STATUS_KEYS[s.status as keyof typeof STATUS_KEYS]) : s.status}
                  {s.refunded ? t("refundedMark") : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="pos-primary" onClick={onBack}>
        {t("backToKeypad")}
      </button>
    </section>
  );
}
