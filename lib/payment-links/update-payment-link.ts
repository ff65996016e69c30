import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { paymentLinks } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { loadLinkTotals } from "./load-link-totals";
import { toPaymentLinkView } from "./payment-link-view";
import type { PaymentLinkView, UpdatePaymentLinkBody } from "./schemas";

/**
 * Change a link's description, redirects or active flag (amounts never change). Disabling takes effect
 * for the next buyer: payments already made through the link keep their own course.
 */
export async function updatePaymentLink(
  db: DbOrTx,
  { merchantId, id, body }: { merchantId: string; id: string; body: UpdatePaymentLinkBody },
): Promise<PaymentLinkView> {
  const [row] = await db
    .update(paymentLinks)
    .set({
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.checkout !== undefined
        ? { successUrl: body.checkout?.successUrl ?? null, errorUrl: body.checkout?.errorUrl ?? null }
        : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.merchantId, merchantId)))
    .returning();
  if (!row) throw new ApiError("not_found", "No such payment link");
  return toPaymentLinkView(row, (await loadLinkTotals(db, [row.id])).get(row.id));
}
