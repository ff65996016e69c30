import Link from "next/link";
import { ExceptionBadge } from "@/components/dashboard/exception-badge";
import { RefundBadge } from "@/components/dashboard/refund-badge";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { formatMoney, formatTime, formatUnits } from "@/lib/dashboard/format";
import type { listPaymentsPage } from "@/lib/listings/list-payments-page";

type Row = Awaited<ReturnType<typeof listPaymentsPage>>["data"][number];

/** The payments list's table: reference (to the payment's page), amount, status and badges, token, network, time. */
export function PaymentsTable({ rows, networkName }: { rows: Row[]; networkName: Map<string, string> }) {
  return (
    <>
      {rows.length === 0 ? (
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
              {rows.map((p) => (
                <tr key={p.payment_id} data-payment-id={p.payment_id}>
                  <td>
                    <Link href={`/dashboard/payments/${p.payment_id}`}>{p.reference_id}</Link>
                  </td>
                  <td className="num">{formatMoney(BigInt(p.fiat_amount), p.fiat_currency)}</td>
                  <td>
                    <StatusBadge status={p.status} /> <ExceptionBadge exception={p.exception} />{" "}
                    <RefundBadge refundedAt={p.refunded_at} />
                  </td>
                  <td className="num">
                    {p.token_amount
                      ? `${formatUnits(BigInt(p.token_amount), p.token_decimals)} ${p.token_symbol}`
                      : "—"}
                  </td>
                  <td>{p.chain_id ? (networkName.get(p.chain_id) ?? p.chain_id) : "—"}</td>
                  <td>{formatTime(p.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
