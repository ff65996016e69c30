import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ApiError } from "@/lib/errors/api-error";
import { json } from "@/lib/http/route";
import { refundPayment } from "@/lib/payments/refund-payment";
import { paymentIdParam } from "@/lib/payments/schemas";

/**
 * The merchant refunded the buyer outside the service and records it (bookkeeping, like POST
 * /v1/refunds), under the signed-in user's email. Another merchant's payment is a 404.
 */
export const POST = dashboardRoute<{ id: string }>("refunds:write", async ({ req, params, db, session }) => {
  const id = paymentIdParam.safeParse(params.id);
  if (!id.success) throw new ApiError("not_found", "No such payment");
  const refunded = await refundPayment(db, {
    merchantId: session.merchant.id,
    paymentId: id.data,
    refundedBy: session.user.email,
  });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "payment.marked_refunded",
    target: { kind: "payment", id: refunded.id },
  });
  return json({
    paymentId: refunded.id,
    refundedAt: refunded.refundedAt?.toISOString() ?? null,
    refundedBy: refunded.refundedBy,
  });
});
