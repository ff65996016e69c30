import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { attachFormBody, resolvePaymentRefOrThrow } from "@/lib/dashboard/resolve-payment-ref";
import { ApiError } from "@/lib/errors/api-error";
import { parseOrThrow } from "@/lib/errors/validate";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { attachTransfer } from "@/lib/ledger/attach-transfer";
import { transferId } from "@/lib/ledger/transfer-schemas";

/**
 * The merchant attaches an unmatched transfer to one of its payments, named by id or reference,
 * recorded with the signed-in user's email. Another merchant's transfer or payment is a 404.
 */
export const POST = dashboardRoute<{ id: string }>("payments:resolve", async ({ req, params, db, session }) => {
  // A malformed id cannot be anyone's transfer: the same 404 as an unknown one.
  const id = transferId.safeParse(params.id);
  if (!id.success) throw new ApiError("not_found", "No such transfer");
  const { payment } = parseOrThrow(attachFormBody, await readJson(req));
  const paymentId = await resolvePaymentRefOrThrow(db, session.merchant.id, payment);
  const attached = await attachTransfer(db, {
    merchantId: session.merchant.id,
    transferId: id.data,
    paymentId,
    by: session.user.email,
  });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "transfer.attached",
    target: { kind: "transfer", id: id.data },
    details: { paymentId },
  });
  return json(attached);
});
