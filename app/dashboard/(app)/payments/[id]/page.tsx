import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { ExceptionBadge } from "@/components/dashboard/exception-badge";
import { ExceptionPanel } from "@/components/dashboard/exception-panel";
import { RefundBadge } from "@/components/dashboard/refund-badge";
import { RefundPanel } from "@/components/dashboard/refund-panel";
import { PaymentFacts } from "@/components/dashboard/payment-facts";
import { PaymentTimeline } from "@/components/dashboard/payment-timeline";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { getPaymentDetail } from "@/lib/dashboard/get-payment-detail";
import { requirePermission } from "@/lib/dashboard/page-session";
import { TransfersSection } from "./transfers-section";
import { MissingPermission } from "@/components/dashboard/missing-permission";

export const metadata: Metadata = { title: "Payment" };

/**
 * One payment: status timeline, amounts, buyer, network and the transaction on the explorer, and for
 * a payment with an exception what arrived and "Mark as paid", and for a succeeded one its refund.
 * Another merchant's id is a 404.
 */
export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { session, missing } = await requirePermission("payments:read");
  if (missing) return <MissingPermission title="Payment" permission={missing} role={session.user.role} />;
  const { id } = await params;
  const detail = await getPaymentDetail(await getDb(), session.merchant.id, id);
  if (!detail) notFound();
  const p = detail.payment;
  const exception = detail.exception;
  return (
    <>
      <p>
        <Link href="/dashboard/payments">← All payments</Link>
      </p>
      <h1>
        Payment {p.reference_id} <StatusBadge status={p.status} /> <ExceptionBadge exception={exception?.kind} />{" "}
        <RefundBadge refundedAt={detail.refund?.at} />
      </h1>
      {exception ? (
        <ExceptionPanel
          exception={exception}
          status={p.status}
          paymentId={p.payment_id}
          reference={p.reference_id}
          csrfToken={session.csrfToken}
        />
      ) : null}
      <RefundPanel detail={detail} csrfToken={session.csrfToken} />
      <div className="dash-two">
        <PaymentFacts detail={detail} />
        <PaymentTimeline detail={detail} />
      </div>
      <TransfersSection merchantId={session.merchant.id} paymentId={p.payment_id} />
    </>
  );
}
