import type { Db } from "@/db/client";
import { getMerchantPaymentOrThrow, type PaymentView } from "./get-payment-or-throw";
import { readStatusWithKey } from "./read-status-with-key";
import { withStatusWait } from "./status-changes";

/**
 * A merchant's read of its payment (the key checked in the same round trip), rendered by `view`, and
 * held up to `maxPollMs` until the payment is final (long poll; 0 answers at once). The status routes
 * of both vocabularies and the detail route read this way.
 */
export async function waitMerchantStatus<T extends object>(
  dbs: { read: Db; write: Db },
  {
    headers,
    paymentId,
    maxPollMs,
    view,
    scope = "payments:status",
  }: {
    headers: Headers;
    paymentId: string;
    maxPollMs: number;
    view: (payment: PaymentView) => T;
    scope?: "payments:status" | "payments:read";
  },
): Promise<T> {
  const { merchant, payment } = await readStatusWithKey(dbs, { headers, paymentId, scope });
  if (maxPollMs === 0) return view(payment);
  const read = async () => view(await getMerchantPaymentOrThrow(dbs.read, merchant.id, paymentId));
  return withStatusWait({
    paymentId: payment.id,
    maxPollMs,
    read,
    isFinal: (v) => "isFinal" in v && v.isFinal === true,
  });
}
