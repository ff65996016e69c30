import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, payments } from "@/db/schema";
import { paymentIdParam } from "./schemas";
import { effectiveStatus, isFinalStatus } from "./status";

/** What the public checkout may show of a payment: no merchant secrets, no redirect URLs unless enabled. */
export async function getCheckoutPayment(db: Db, paymentId: string | undefined, now = new Date()) {
  if (!paymentId || !paymentIdParam.safeParse(paymentId).success) return null;
  const [row] = await db
    .select({
      id: payments.id,
      status: payments.status,
      expiresAt: payments.expiresAt,
      fiatAmount: payments.fiatAmount,
      fiatCurrency: payments.fiatCurrency,
      redirectsEnabled: payments.redirectsEnabled,
      merchantName: merchants.name,
      merchantIconUrl: merchants.iconUrl,
    })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const status = effectiveStatus(row, now);
  return { ...row, status, isFinal: isFinalStatus(status), renderedAt: now.getTime() };
}

export type CheckoutPayment = NonNullable<Awaited<ReturnType<typeof getCheckoutPayment>>>;
