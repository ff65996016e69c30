import type { DbOrTx } from "@/db/client";
import { findPaymentLinkOrThrow } from "./find-payment-link-or-throw";
import { loadLinkTotals } from "./load-link-totals";
import { toPaymentLinkView } from "./payment-link-view";
import type { PaymentLinkView } from "./schemas";

/** One of the merchant's links with its totals (404 for another merchant's). */
export async function getPaymentLink(db: DbOrTx, merchantId: string, id: string): Promise<PaymentLinkView> {
  const row = await findPaymentLinkOrThrow(db, merchantId, id);
  return toPaymentLinkView(row, (await loadLinkTotals(db, [row.id])).get(row.id));
}
