import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { LinkActiveButton } from "@/components/dashboard/payment-links/link-active-button";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { CopyButton } from "@/components/ui/copy-button";
import { formatMoney, formatTime } from "@/lib/dashboard/format";
import { linkAmountLabel } from "@/lib/dashboard/link-amount-label";
import { requirePermission } from "@/lib/dashboard/page-session";
import { loadPaymentLinkPage } from "@/lib/dashboard/load-payment-link-page";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Payment link" };

/** One link: its terms and URL, disable / enable, its totals and the payments buyers made through it. */
export default async function PaymentLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { session, missing } = await requirePermission("payments:read");
  if (missing) return <MissingPermission title="Payment link" permission={missing} role={session.user.role} />;
  const loaded = await loadPaymentLinkPage(await getDb(), session.merchant.id, (await params).id);
  if (!loaded) notFound();
  const { link, payments } = loaded;
  return (
    <>
      <p>
        <Link href="/dashboard/payment-links">← All payment links</Link>
      </p>
      <h1>
        {link.description}{" "}
        <span className="dash-status" data-status={link.active ? "succeeded" : "failed"} data-testid="link-state">
          {link.active ? "Active" : "Disabled"}
        </span>
      </h1>
      <section className="dash-panel" aria-label="Link">
        <p>
          <code data-testid="link-url">{link.url}</code> <CopyButton value={link.url} label="Copy link" />
        </p>
        <p>Amount: {linkAmountLabel(link)}</p>
        <LinkActiveButton linkId={link.id} active={link.active} csrfToken={session.csrfToken} />
      </section>
      <dl className="dash-cards" data-testid="link-totals">
        <div className="dash-card">
          <dt>Payments</dt>
          <dd>{link.totals.payments}</dd>
        </div>
        <div className="dash-card">
          <dt>Succeeded</dt>
          <dd>{link.totals.succeeded}</dd>
        </div>
        <div className="dash-card">
          <dt>Total paid</dt>
          <dd data-testid="link-total-paid">{formatMoney(BigInt(link.totals.amountPaid), link.currency)}</dd>
        </div>
      </dl>
      <h2>Payments</h2>
      {payments.length === 0 ? (
        <p className="dash-muted">No payments through this link yet.</p>
      ) : (
        <div className="dash-table-wrap">
          <table data-testid="link-payments-table">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.paymentId} data-payment-id={p.paymentId}>
                  <td>
                    <Link href={`/dashboard/payments/${p.paymentId}`}>{p.referenceId}</Link>
                  </td>
                  <td className="num">{formatMoney(BigInt(p.amount), p.currency)}</td>
                  <td>
                    <StatusBadge status={p.status} />
                  </td>
                  <td>{formatTime(p.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
