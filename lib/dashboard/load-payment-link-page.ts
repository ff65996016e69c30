import type { Db } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { getPaymentLink } from "@/lib/payment-links/get-payment-link";
import { listLinkPayments } from "@/lib/payment-links/list-link-payments";
import { paymentLinkId } from "@/lib/payment-links/schemas";

/** A link of the merchant and its latest 100 payments, or undefined (not a link id, or another merchant's). */
export async function loadPaymentLinkPage(db: Db, merchantId: string, id: string) {
  if (!paymentLinkId.safeParse(id).success) return undefined;
  try {
    const link = await getPaymentLink(db, merchantId, id);
    const { data } = await listLinkPayments(db, { merchantId, linkId: id, page: { limit: 100 } });
    return { link, payments: data };
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") return undefined;
    throw err;
  }
}
