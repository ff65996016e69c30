import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { RevenueChart } from "@/components/dashboard/revenue-chart";
import { statusLabel } from "@/components/dashboard/status-badge";
import { daysBefore, overviewRange } from "@/lib/dashboard/date-range";
import { formatMoney } from "@/lib/dashboard/format";
import { requireSession } from "@/lib/dashboard/page-session";
import type { SearchParams } from "@/lib/dashboard/payments-query";
import type { ListingQuery } from "@/lib/listings/listing-query";
import { listingStats } from "@/lib/listings/listing-stats";
import { LISTING_STATUSES } from "@/lib/listings/listing-status";
import { revenueByDay } from "@/lib/listings/revenue-by-day";
import { statusBreakdown } from "@/lib/listings/status-breakdown";
import { currencyExponent } from "@/lib/money/iso4217";

export const metadata: Metadata = { title: "Overview" };

/** Revenue, transactions and customers (the listing's statistics), revenue by day and statuses, for a date range. */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const range = overviewRange(await searchParams);
  const db = await getDb();
  const query: ListingQuery = { start_ts: `${range.from}T00:00:00Z`, end_ts: `${range.to}T23:59:59.999999Z`, sort_by: "date", sort_dir: "desc", limit: 1 };
  const [stats, days, statuses] = await Promise.all([
    listingStats(db, session.merchant, query),
    revenueByDay(db, session.merchant, range.from, range.to),
    statusBreakdown(db, session.merchant.id, query),
  ]);
  const currency = session.merchant.currency;
  const revenueMinor = BigInt(Math.round(stats.total_revenue.amount * 10 ** (currencyExponent(currency) ?? 2)));
  const totalPayments = Object.values(statuses).reduce((a, b) => a + b, 0);
  const maxStatus = Math.max(1, ...Object.values(statuses));
  const today = new Date().toISOString().slice(0, 10);

  return (
    <>
      <h1>Overview</h1>
      <form key={`${range.from}/${range.to}`} className="dash-panel dash-row" method="get" aria-label="Date range">
        <div className="dash-field" style={{ marginBottom: 0 }}>
          <label htmlFor="from">From (UTC)</label>
          <input id="from" name="from" type="date" defaultValue={range.from} required />
        </div>
        <div className="dash-field" style={{ marginBottom: 0 }}>
          <label htmlFor="to">To (UTC)</label>
          <input id="to" name="to" type="date" defaultValue={range.to} required />
        </div>
        <button type="submit" className="dash-btn dash-btn-primary">
          Apply
        </button>
        <span className="dash-muted">
          Last{" "}
          {[7, 30, 90].map((n, i) => (
            <span key={n}>
              {i > 0 ? " · " : ""}
              <Link href={`/dashboard?from=${daysBefore(today, n)}&to=${today}`}>{n} days</Link>
            </span>
          ))}
        </span>
      </form>
      {range.error ? (
        <p className="dash-error" role="alert">
          {range.error}; showing the last 30 days.
        </p>
      ) : null}
      <dl className="dash-cards">
        <div className="dash-card">
          <dt>Revenue</dt>
          <dd data-testid="stat-revenue">{formatMoney(revenueMinor, currency)}</dd>
        </div>
        <div className="dash-card">
          <dt>Transactions</dt>
          <dd data-testid="stat-transactions">{stats.total_transactions.toLocaleString("en-US")}</dd>
        </div>
        <div className="dash-card">
          <dt>Customers</dt>
          <dd data-testid="stat-customers">{stats.total_customers.toLocaleString("en-US")}</dd>
        </div>
      </dl>
      <div className="dash-two">
        <section className="dash-panel" aria-labelledby="revenue-heading">
          <h2 id="revenue-heading">Revenue by day</h2>
          <RevenueChart days={days} currency={currency} />
          <p className="dash-muted">Succeeded payments by day of creation (UTC), in {currency}.</p>
        </section>
        <section className="dash-panel" aria-labelledby="status-heading">
          <h2 id="status-heading">Payments by status</h2>
          <p className="dash-muted">{totalPayments.toLocaleString("en-US")} payments created in this range</p>
          <ul className="dash-bars">
            {LISTING_STATUSES.map((s) => (
              <li key={s}>
                <Link href={`/dashboard/payments?status=${s}&from=${range.from}&to=${range.to}`}>{statusLabel(s)}</Link>
                <span className="dash-bar" style={{ width: `${(statuses[s] / maxStatus) * 100}%` }} aria-hidden="true" />
                <span className="num" data-testid={`status-count-${s}`}>
                  {statuses[s]}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
