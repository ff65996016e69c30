import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ApiError } from "@/lib/errors/api-error";
import { json } from "@/lib/http/route";
import { dismissTransfer } from "@/lib/ledger/dismiss-transfer";
import { transferId } from "@/lib/ledger/transfer-schemas";

/** The merchant sets an unmatched transfer aside, recorded with the signed-in user's email. */
export const POST = dashboardRoute<{ id: string }>("payments:resolve", async ({ req, params, db, session }) => {
  const id = transferId.safeParse(params.id);
  if (!id.success) throw new ApiError("not_found", "No such transfer");
  const dismissed = await dismissTransfer(db, {
    merchantId: session.merchant.id,
    transferId: id.data,
    by: session.user.email,
  });
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "transfer.dismissed",
    target: { kind: "transfer", id: id.data },
  });
  return json(dismissed);
});
