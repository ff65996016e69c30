import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { ExceptionBadge } from "@/components/dashboard/exception-badge";
import { PaymentsFilters } from "@/components/dashboard/payments-filters";
import { RefundBadge } from "@/components/dashboard/refund-badge";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { loadNetworks } from "@/lib/chains/load-networks";
import { ApiError } from "@/lib/http/errors";
import { formatMoney, formatTime, formatUnits } from "@/lib/dashboard/format";
import { requireSession } from "@/lib/dashboard/page-session";
import { parsePaymentsQuery, toSearchParams, type SearchParams } from "@/lib/dashboard/payments-query";
import { listPaymentsPage } from "@/lib/listings/list-payments-page";

export const metadata: Metadata = { title: "Payments" };

/** The merchant's payments through the listing query: its filters, both sorts, keyset pages, and a CSV of the whole set. */
export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const params = toSearchParams(await searchParams);
  const { query, issues } = parsePaymentsQuery(params);
  const db = await getDb();
  const page = await listPaymentsPage(db, session.merchant.id, query).catch((err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    issues.push({ field: "cursor", message: "this page link is no longer valid; showing the first page" });
    return listPaymentsPage(db, session.merchant.id, { ...query, cursor: undefined });
  });
  const networks = loadNetworks();
  const networkName = new Map(networks.map((n) => [n.chainId, n.name]));
  const withoutCursor = new URLSearchParams(params);
  withoutCursor.delete("cursor");
  withoutCursor.delete("trail");
  // Keyset pages only go forward; the cursors of the pages before travel in `trail` ("-" = first page).
  const trail = (params.get("trail") ?? "").split(",").filter(Boolean).slice(-50);
  const next = new URLSearchParams(withoutCursor);
  if (page.next_cursor) {
    next.set("cursor", page.next_cursor);
    next.set("trail", [...trail, params.get("cursor") ?? "-"].join(","));
  }
  const previous = new URLSearchParams(withoutCursor);
  const back = trail.at(-1);
  if (back && back !== "-") previous.set("cursor", back);
  if (trail.length > 1) previous.set("trail", trail.slice(0, -1).join(","));

  return (
    <>
      <div className="dash-row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h1>Payments</h1>
        <a className="dash-btn" href={`/dashboard/api/payments/export?${withoutCursor}`} download>
          Export CSV
        </a>
      </div>
      <PaymentsFilters
        params={params}
        issues={issues}
        networks={networks.map((n) => ({ value: n.chainId, label: n.name }))}
        assets={networks.flatMap((n) => n.tokens.map((t) => ({ value: t.caip19, label: `${t.symbol} on ${n.name}` })))}
      />
      <section className="dash-panel" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="dash-visually-hidden">
          Matching payments
        </h2>
        {page.data.length === 0 ? (
          <p className="dash-muted">No payments match these filters.</p>
        ) : (
          <div className="dash-table-wrap">
            <table data-testid="payments-table">
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Paid with
                  </th>
                  <th scope="col">Network</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((p) => (
                  <tr key={p.payment_id} data-payment-id={p.payment_id}>
                    <td>
                      <Link href={`/dashboard/payments/${p.payment_id}`}>{p.reference_id}</Link>
                    </td>
                    <td className="num">{formatMoney(BigInt(p.fiat_amount), p.fiat_currency)}</td>
                    <td>
                      <StatusBadge status={p.status} /> <ExceptionBadge exception={p.exception} /> <RefundBadge refundedAt={p.refunded_at} />
                    </td>
                    <td className="num">{p.token_amount ? `${formatUnits(BigInt(p.token_amount), p.token_decimals)} ${p.token_symbol}` : "—"}</td>
                    <td>{p.chain_id ? (networkName.get(p.chain_id) ?? p.chain_id) : "—"}</td>
                    <td>{formatTime(p.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className="dash-pager" aria-label="Pages">
          {params.get("cursor") ? (
            <Link className="dash-btn" href={`/dashboard/payments?${withoutCursor}`}>
              First page
            </Link>
          ) : null}
          {params.get("cursor") && back ? (
            <Link className="dash-btn" href={`/dashboard/payments?${previous}`} rel="prev">
              Previous page
            </Link>
          ) : null}
          {page.next_cursor ? (
            <Link className="dash-btn" href={`/dashboard/payments?${next}`} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      </section>
    </>
  );
}
