import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { formatMoney, formatUnits } from "@/lib/dashboard/format";
import { requirePermission } from "@/lib/dashboard/page-session";
import { feesByMonth } from "@/lib/fees/fees-by-month";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Network fees" };

/** What the service's gas keys paid for the merchant's payments (relay gas, Solana fees and rent), by month and network. */
export default async function FeesPage() {
  const { session, missing } = await requirePermission("payments:read");
  if (missing) return <MissingPermission title="Network fees" permission={missing} role={session.user.role} />;
  const { currency } = session.merchant;
  const rows = await feesByMonth(await getDb(), session.merchant);
  return (
    <>
      <h1>Network fees</h1>
      <section className="dash-panel" aria-labelledby="fees-heading">
        <h2 id="fees-heading">Paid by the service for your payments</h2>
        <p className="dash-muted">
          Gasless payments (USDC signatures relayed on EVM networks, Solana transfers) are sent by the service, which
          pays their network fees and, once per token account, its rent. Values are in {currency} at the network
          coin&apos;s price when each fee was paid (UTC months, last 12).
        </p>
        {rows.length === 0 ? (
          <p className="dash-muted">No fees paid yet.</p>
        ) : (
          <div className="dash-table-wrap">
            <table data-testid="fees-table">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Network</th>
                  <th scope="col">Payments</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.month} ${row.chainId}`}>
                    <td>{row.month}</td>
                    <td>
                      <code>{row.chainId}</code>
                    </td>
                    <td>{row.payments.toLocaleString("en-US")}</td>
                    <td>
                      {formatUnits(row.native, row.decimals)} {row.symbol}
                    </td>
                    <td>
                      {formatMoney(row.fiat, currency)}
                      {row.unvalued > 0 ? <span className="dash-muted"> (+{row.unvalued} without a price)</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
