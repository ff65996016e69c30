import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { CreateLinkForm } from "@/components/dashboard/payment-links/create-link-form";
import { formatMoney, formatTime } from "@/lib/dashboard/format";
import { linkAmountLabel } from "@/lib/dashboard/link-amount-label";
import { requirePermission } from "@/lib/dashboard/page-session";
import { can } from "@/lib/team/permissions";
import { listPaymentLinks } from "@/lib/payment-links/list-payment-links";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Payment links" };

/** Reusable links buyers pay through: make one, and see each link's state, payments and what it took in. */
export default async function PaymentLinksPage() {
  const { session, missing } = await requirePermission("payments:read");
  if (missing) return <MissingPermission title="Payment links" permission={missing} role={session.user.role} />;
  const { data: links } = await listPaymentLinks(await getDb(), session.merchant.id, { limit: 100 });
  return (
    <>
      <h1>Payment links</h1>
      {can(session.user.role, "links:manage") ? (
        <section className="dash-panel" aria-labelledby="new-link-heading">
          <h2 id="new-link-heading">New payment link</h2>
          <p className="dash-muted">
            Share the link anywhere: each buyer who opens it and pays makes a payment of its own, in{" "}
            {session.merchant.currency}.
          </p>
          <CreateLinkForm csrfToken={session.csrfToken} currency={session.merchant.currency} />
        </section>
      ) : null}
      {links.length === 0 ? (
        <p className="dash-muted">No payment links yet.</p>
      ) : (
        <div className="dash-table-wrap">
          <table data-testid="links-table">
            <caption className="dash-visually-hidden">Your payment links, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">Link</th>
                <th scope="col">Amount</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Payments
                </th>
                <th scope="col" className="num">
                  Paid
                </th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id} data-link-id={link.id}>
                  <td>
                    <Link href={`/dashboard/payment-links/${link.id}`}>{link.description}</Link>
                  </td>
                  <td>
                    <code>{link.url}</code>
                  </td>
                  <td>{linkAmountLabel(link)}</td>
                  <td>{link.active ? "Active" : "Disabled"}</td>
                  <td className="num">{link.totals.payments}</td>
                  <td className="num">{formatMoney(BigInt(link.totals.amountPaid), link.currency)}</td>
                  <td>{formatTime(link.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
