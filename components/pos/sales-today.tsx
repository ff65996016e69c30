"use client";

import { formatFiat } from "@/lib/money/format-fiat";
import type { SalesToday } from "./pos-api";

const STATUS_TEXT: Record<string, string> = {
  requires_action: "Open",
  processing: "Confirming",
  succeeded: "Paid",
  failed: "Failed",
  expired: "Expired",
  cancelled: "Cancelled",
};

/** This device's sales since its midnight, newest first, and what was paid in total. */
export function SalesTodayView({ data, locale, onBack }: { data: SalesToday; locale: string; onBack: () => void }) {
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" });
  return (
    <section className="pos-sales" aria-labelledby="sales-heading">
      <h1 id="sales-heading">Today&apos;s sales</h1>
      <div className="pos-totals" data-testid="pos-totals">
        {data.totals.paid.length === 0 ? <p>No paid sales yet today.</p> : null}
        {data.totals.paid.map((t) => (
          <p key={t.currency}>
            <strong>{formatFiat(BigInt(t.amount), t.currency, locale)}</strong> paid in {t.count}{" "}
            {t.count === 1 ? "sale" : "sales"}
            {t.refunded !== "0" ? `, ${formatFiat(BigInt(t.refunded), t.currency, locale)} refunded` : ""}
          </p>
        ))}
        {data.totals.open > 0 ? <p>{data.totals.open} still open</p> : null}
      </div>
      {data.sales.length > 0 ? (
        <table className="pos-sales-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.sales.map((s) => (
              <tr key={s.paymentId}>
                <td>{time.format(new Date(s.createdAt))}</td>
                <td>{formatFiat(BigInt(s.amount.value), s.amount.currency, locale)}</td>
                <td>
                  {STATUS_TEXT[s.status] ?? s.status}
                  {s.refunded ? " (refunded)" : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="pos-primary" onClick={onBack}>
        Back to the keypad
      </button>
    </section>
  );
}
