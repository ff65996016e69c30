import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { effectiveStatus, toContractStatus } from "@/lib/payments/status";
import { findPaymentLinkOrThrow } from "./find-payment-link-or-throw";
import { loadLinkTotals } from "./load-link-totals";
import { NO_PAYMENTS, type LinkTotals } from "./payment-link-view";
import type { LinkPaymentView } from "./schemas";

/**
 * The payments made through one of the merchant's links, newest first, with the link's totals
 * (404 for another merchant's link). Keyset pages by the last payment's id, like the other lists.
 */
export async function listLinkPayments(
  db: DbOrTx,
  {
    merchantId,
    linkId,
    page,
    now = new Date(),
  }: { merchantId: string; linkId: string; page: { limit: number; cursor?: string }; now?: Date },
): Promise<{ totals: LinkTotals; data: LinkPaymentView[]; nextCursor: string | null }> {
  const link = await findPaymentLinkOrThrow(db, merchantId, linkId);
  let below;
  if (page.cursor) {
    const [at] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, page.cursor), eq(payments.paymentLinkId, link.id)));
    if (!at)
      throw new ApiError("invalid_params", "cursor names no payment of this link", {
        issues: [{ field: "cursor", message: "names no payment of this link" }],
      });
    below = sql`(${payments.createdAt}, ${payments.id}) < (select created_at, id from ${payments} where id = ${at.id})`;
  }
  const rows = await db
    .select({
      id: payments.id,
      referenceId: payments.referenceId,
      status: payments.status,
      expiresAt: payments.expiresAt,
      currency: payments.fiatCurrency,
      amount: payments.fiatAmount,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.paymentLinkId, link.id), below))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    totals: (await loadLinkTotals(db, [link.id])).get(link.id) ?? NO_PAYMENTS,
    data: shown.map((row) => ({
      paymentId: row.id,
      referenceId: row.referenceId,
      status: toContractStatus(effectiveStatus(row, now)),
      currency: row.currency,
      amount: row.amount.toString(),
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}
