import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { paymentLinks } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { loadLinkTotals } from "./load-link-totals";
import { toPaymentLinkView } from "./payment-link-view";
import type { PaymentLinkView, PaymentLinksQuery } from "./schemas";

/**
 * A merchant's links, newest first, each with its totals. Keyset pages: `nextCursor` is the last link's
 * id and the next page starts below its (created_at, id); a cursor naming no link of this merchant is refused.
 */
export async function listPaymentLinks(
  db: DbOrTx,
  merchantId: string,
  query: PaymentLinksQuery,
): Promise<{ data: PaymentLinkView[]; nextCursor: string | null }> {
  let below;
  if (query.cursor) {
    const [at] = await db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.id, query.cursor), eq(paymentLinks.merchantId, merchantId)));
    if (!at)
      throw new ApiError("invalid_params", "cursor names no payment link of this merchant", {
        issues: [{ field: "cursor", message: "names no payment link of this merchant" }],
      });
    // Compared in SQL: a JS Date keeps milliseconds, created_at keeps microseconds.
    below = sql`(${paymentLinks.createdAt}, ${paymentLinks.id}) < (select created_at, id from ${paymentLinks} where id = ${at.id})`;
  }
  const rows = await db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.merchantId, merchantId),
        query.active === undefined ? undefined : eq(paymentLinks.active, query.active),
        below,
      ),
    )
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const totals = await loadLinkTotals(
    db,
    shown.map((r) => r.id),
  );
  return {
    data: shown.map((row) => toPaymentLinkView(row, totals.get(row.id))),
    nextCursor: rows.length > query.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}
