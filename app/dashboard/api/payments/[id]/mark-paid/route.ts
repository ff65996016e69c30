import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ApiError } from "@/lib/errors/api-error";
import { json } from "@/lib/http/route";
import { markExceptionPaid } from "@/lib/payments/mark-exception-paid";
import { paymentIdParam } from "@/lib/payments/schemas";

/**
 * The merchant accepts a payment that was paid late, underpaid or overpaid: it becomes succeeded,
 * recorded with the signed-in user's email and the time. Another merchant's payment is a 404.
 */
export const POST = dashboardRoute<{ id: string }>("payments:resolve", async ({ req, params, db, session }) => {
  // A malformed id cannot be anyone's payment: the same 404 as an unknown one.
  const id = paymentIdParam.safeParse(params.id);
  if (!id.success) throw new ApiError("payment_not_found", "No such payment");
  const paid = await markExceptionPaid(db, {
    merchantId: session.merchant.id,
    paymentId: id.data,
    decidedBy: session.user.email,
  });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "payment.marked_paid",
    target: { kind: "payment", id: paid.id },
    details: { exception: paid.exception },
  });
  return json({
    paymentId: paid.id,
    status: paid.status,
    exception: paid.exception,
    resolvedBy: paid.resolvedBy,
    resolvedAt: paid.resolvedAt?.toISOString() ?? null,
  });
});
