import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { ApiError } from "@/lib/errors/api-error";
import { json } from "@/lib/http/route";
import { dismissTransfer } from "@/lib/ledger/dismiss-transfer";
import { transferId } from "@/lib/ledger/transfer-schemas";

/** The merchant sets an unmatched transfer aside, recorded with the signed-in user's email. */
export const POST = dashboardRoute<{ id: string }>(async ({ params, db, session }) => {
  const id = transferId.safeParse(params.id);
  if (!id.success) throw new ApiError("not_found", "No such transfer");
  return json(await dismissTransfer(db, session.merchant.id, id.data, session.user.email));
});
