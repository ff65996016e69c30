import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { paymentLinks } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import type { PaymentLinkRow } from "./payment-link-view";

/** The merchant's link; another merchant's, or none, is the same 404 `not_found`. */
export async function findPaymentLinkOrThrow(db: DbOrTx, merchantId: string, id: string): Promise<PaymentLinkRow> {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.merchantId, merchantId)));
  if (!row) throw new ApiError("not_found", "No such payment link");
  return row;
}
