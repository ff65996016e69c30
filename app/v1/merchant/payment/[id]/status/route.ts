import { getDb } from "@/db/client";
import { authenticateMerchant } from "@/lib/auth/authenticate-merchant";
import { json, route } from "@/lib/http/route";
import { getMerchantPaymentOrThrow } from "@/lib/payments/get-payment-or-throw";
import { toStatusView } from "@/lib/payments/payment-view";
import { maxPollMsOf, withStatusWait } from "@/lib/payments/status-changes";

/** Verify payment status (spec 4.2). Alias: GET /v1/payments/{id}/status. `?maxPollMs` long-polls. */
export const GET = route<{ id: string }>(async ({ req, params }) => {
  const db = await getDb();
  const merchant = await authenticateMerchant(db, req.headers);
  const read = async () => toStatusView(await getMerchantPaymentOrThrow(db, merchant.id, params.id));
  const view = await withStatusWait(params.id, maxPollMsOf(req.url), read, (v) => v.isFinal);
  return json(view);
});
