import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { PaymentsFilters } from "@/components/dashboard/payments-filters";
import { PaymentsTable } from "@/components/dashboard/payments-table";
import { loadPaymentsPage } from "@/lib/dashboard/load-payments-page";
import { requirePermission } from "@/lib/dashboard/page-session";
import { can } from "@/lib/team/permissions";
import { paymentsPaging } from "@/lib/dashboard/payments-paging";
import { toSearchParams, type SearchParams } from "@/lib/dashboard/payments-query";
import { NeedsAttention } from "./needs-attention";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Payments" };

/** The merchant's payments through the listing query: its filters, both sorts, keyset pages, and a CSV of the whole set. */
export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { session, missing } = await requirePermission("payments:read");
  if (missing) return <MissingPermission title="Payments" permission={missing} role={session.user.role} />;
  const params = toSearchParams(await searchParams);
  const { page, issues, networkName, networkChoices, assetChoices } = await loadPaymentsPage(
    await getDb(),
    session.merchant.id,
    params,
  );
  const links = paymentsPaging(params, page.next_cursor);

  return (
    <>
      <div className="dash-row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h1>Payments</h1>
        {can(session.user.role, "payments:export") ? (
          <a className="dash-btn" href={`/dashboard/api/payments/export?${links.first}`} download>
            Export CSV
          </a>
        ) : null}
      </div>
      <PaymentsFilters params={params} issues={issues} networks={networkChoices} assets={assetChoices} />
      <NeedsAttention merchantId={session.merchant.id} csrfToken={session.csrfToken} />
      <section className="dash-panel" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="dash-visually-hidden">
          Matching payments
        </h2>
        <PaymentsTable rows={page.data} networkName={networkName} />
        <nav className="dash-pager" aria-label="Pages">
          {!links.onFirstPage ? (
            <Link className="dash-btn" href={`/dashboard/payments?${links.first}`}>
              First page
            </Link>
          ) : null}
          {links.previous ? (
            <Link className="dash-btn" href={`/dashboard/payments?${links.previous}`} rel="prev">
              Previous page
            </Link>
          ) : null}
          {links.next ? (
            <Link className="dash-btn" href={`/dashboard/payments?${links.next}`} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      </section>
    </>
  );
}
