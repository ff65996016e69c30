import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { OverviewRangeForm } from "@/components/dashboard/overview-range-form";
import { RevenueChart } from "@/components/dashboard/revenue-chart";
import { statusLabel } from "@/components/dashboard/status-badge";
import { overviewRange } from "@/lib/dashboard/date-range";
import { formatMoney } from "@/lib/dashboard/format";
import { loadOverview } from "@/lib/dashboard/load-overview";
import { requirePermission } from "@/lib/dashboard/page-session";
import type { SearchParams } from "@/lib/dashboard/payments-query";
import { LISTING_STATUSES } from "@/lib/listings/listing-status";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Overview" };

/** Revenue, transactions and customers (the listing's statistics), revenue by day and statuses, for a date range. */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { session, missing } = await requirePermission("payments:read");
  if (missing) return <MissingPermission title="Overview" permission={missing} role={session.user.role} />;
  const range = overviewRange(await searchParams);
  const { stats, days, statuses, totalPayments, maxStatus } = await loadOverview(
    await getDb(),
    session.merchant,
    range,
  );
  const currency = session.merchant.currency;

  return (
    <>
      <h1>Overview</h1>
      <OverviewRangeForm from={range.from} to={range.to} />
      {range.error ? (
        <p className="dash-error" role="alert">
          {range.error}; showing the last 30 days.
        </p>
      ) : null}
      <dl className="dash-cards">
        <div className="dash-card">
          <dt>Revenue</dt>
          <dd data-testid="stat-revenue">{formatMoney(stats.revenueMinor, currency)}</dd>
        </div>
        <div className="dash-card">
          <dt>Transactions</dt>
          <dd data-testid="stat-transactions">{stats.transactions.toLocaleString("en-US")}</dd>
        </div>
        <div className="dash-card">
          <dt>Customers</dt>
          <dd data-testid="stat-customers">{stats.customers.toLocaleString("en-US")}</dd>
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
                <span
                  className="dash-bar"
                  style={{ width: `${(statuses[s] / maxStatus) * 100}%` }}
                  aria-hidden="true"
                />
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
