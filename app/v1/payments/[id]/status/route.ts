import { connection } from "@/db/client";
import { json, route } from "@/lib/http/route";
import { toContractStatusView } from "@/lib/payments/contract-views";
import { getMerchantPaymentOrThrow } from "@/lib/payments/get-payment-or-throw";
import { readStatusWithKey } from "@/lib/payments/read-status-with-key";
import { maxPollMsOf, withStatusWait } from "@/lib/payments/status-changes";

/** A payment's status in the contract's vocabulary, with `info` once succeeded and `failureCode` once failed. `?maxPollMs` long-polls. */
export const GET = route<{ id: string }>(async ({ req, params }) => {
  const { db, readDb } = await connection();
  const maxPollMs = maxPollMsOf(req.url);
  const { merchant, payment } = await readStatusWithKey({ read: readDb, write: db }, req.headers, params.id);
  if (maxPollMs === 0) return json(toContractStatusView(payment));
  const read = async () => toContractStatusView(await getMerchantPaymentOrThrow(readDb, merchant.id, params.id));
  return json(await withStatusWait(payment.id, maxPollMs, read, (v) => v.isFinal));
});
