import type { DbOrTx } from "@/db/client";
import { paymentLinks } from "@/db/schema";
import { newId } from "@/lib/ids";
import { toPaymentLinkView } from "./payment-link-view";
import type { CreatePaymentLinkBody, PaymentLinkView } from "./schemas";

/** A new, active link in the merchant's currency, with the terms the (already validated) body gives. */
export async function createPaymentLink(
  db: DbOrTx,
  merchant: { id: string; currency: string },
  body: CreatePaymentLinkBody,
): Promise<PaymentLinkView> {
  const fixed = body.amount !== undefined;
  const [row] = await db
    .insert(paymentLinks)
    .values({
      id: newId("plink"),
      merchantId: merchant.id,
      currency: merchant.currency,
      amount: fixed ? BigInt(body.amount!) : null,
      minimumAmount: fixed ? null : BigInt(body.minimumAmount!),
      maximumAmount: fixed ? null : BigInt(body.maximumAmount!),
      description: body.description,
      successUrl: body.checkout?.successUrl ?? null,
      errorUrl: body.checkout?.errorUrl ?? null,
    })
    .returning();
  return toPaymentLinkView(row!);
}
