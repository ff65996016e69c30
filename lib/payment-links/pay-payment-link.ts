import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, paymentLinks } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { randomBase62 } from "@/lib/ids";
import { createPayment } from "@/lib/payments/create-payment";
import { gatewayUrlFor } from "@/lib/payments/payment-view";
import { chargeFor } from "./link-amount";
import { termsOf } from "./terms-of";

/**
 * A buyer pays through a link: a new payment of the link's merchant, made by the same function the
 * merchant API uses, for the link's fixed amount or the buyer's entry within its range (else 400),
 * with the link's redirects and a referenceId naming the link (`plink_…/<random>`). A disabled link,
 * or one whose merchant is gone, makes none (409 `invalid_state`, 404).
 */
export async function payPaymentLink(db: Db, linkId: string, entered: string | undefined) {
  const [found] = await db
    .select({ link: paymentLinks, defaultExpirySeconds: merchants.defaultExpirySeconds })
    .from(paymentLinks)
    .innerJoin(merchants, and(eq(merchants.id, paymentLinks.merchantId), isNull(merchants.deletedAt)))
    .where(eq(paymentLinks.id, linkId));
  if (!found) throw new ApiError("not_found", "No such payment link");
  const { link, defaultExpirySeconds } = found;
  if (!link.active) throw new ApiError("invalid_state", "This payment link no longer accepts payments");
  const amount = chargeFor(termsOf(link), entered === undefined ? undefined : BigInt(entered));
  const { payment } = await createPayment(db, {
    merchant: { id: link.merchantId, defaultExpirySeconds },
    body: {
      amount: { unit: `iso4217/${link.currency}`, value: amount.toString() },
      referenceId: `${link.id}/${randomBase62(8)}`,
      checkout: { successUrl: link.successUrl, errorUrl: link.errorUrl },
    },
    origin: { paymentLinkId: link.id },
  });
  return {
    paymentId: payment.id,
    gatewayUrl: gatewayUrlFor(payment.id),
    expiresAt: Math.floor(payment.expiresAt.getTime() / 1000),
  };
}
