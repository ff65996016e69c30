import { connection } from "@/db/client";
import { json, route } from "@/lib/http/route";
import { getMerchantPaymentOrThrow } from "@/lib/payments/get-payment-or-throw";
import { toStatusView } from "@/lib/payments/payment-view";
import { readStatusWithKey } from "@/lib/payments/read-status-with-key";
import { maxPollMsOf, withStatusWait } from "@/lib/payments/status-changes";

/** Verify payment status (spec 4.2). Alias: GET /v1/payments/{id}/status. `?maxPollMs` long-polls. */
export const GET = route<{ id: string }>(async ({ req, params }) => {
  const { db, readDb } = await connection();
  const maxPollMs = maxPollMsOf(req.url);
  const { merchant, payment } = await readStatusWithKey({ read: readDb, write: db }, req.headers, params.id);
  if (maxPollMs === 0) return json(toStatusView(payment));
  const read = async () => toStatusView(await getMerchantPaymentOrThrow(readDb, merchant.id, params.id));
  return json(await withStatusWait(payment.id, maxPollMs, read, (v) => v.isFinal));
});
