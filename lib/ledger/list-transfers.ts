import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { chainTransfers, type TransferMatch } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { toTransferView, type TransferView } from "./transfer-view";

export type TransferFilter = {
  status?: TransferMatch;
  /** Only the transfers bound or attached to this payment (the payment's page). */
  paymentId?: string;
  limit: number;
  /** The id of the last transfer of the previous page. */
  cursor?: string;
};

/**
 * A merchant's transfers in the ledger, newest first, by status (unmatched: the money that waits for
 * the merchant's decision). Paged by keyset: `nextCursor` is the last transfer's id, and the next
 * page starts below its (created_at, id), which stays exact however many transfers arrive or are
 * attached meanwhile. A cursor that names no transfer of this merchant is refused.
 */
export async function listTransfers(
  db: DbOrTx,
  merchantId: string,
  filter: TransferFilter,
): Promise<{ data: TransferView[]; nextCursor: string | null }> {
  let below;
  if (filter.cursor) {
    const [at] = await db
      .select({ id: chainTransfers.id })
      .from(chainTransfers)
      .where(and(eq(chainTransfers.id, filter.cursor), eq(chainTransfers.merchantId, merchantId)));
    if (!at)
      throw new ApiError("invalid_params", "cursor names no transfer of this merchant", {
        issues: [{ field: "cursor", message: "names no transfer of this merchant" }],
      });
    // Compared in SQL: a JS Date keeps milliseconds, created_at keeps microseconds.
    below = sql`(${chainTransfers.createdAt}, ${chainTransfers.id}) < (select created_at, id from ${chainTransfers} where id = ${at.id})`;
  }
  const rows = await db
    .select()
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.merchantId, merchantId),
        filter.status ? eq(chainTransfers.match, filter.status) : undefined,
        filter.paymentId ? eq(chainTransfers.paymentId, filter.paymentId) : undefined,
        below,
      ),
    )
    .orderBy(desc(chainTransfers.createdAt), desc(chainTransfers.id))
    .limit(filter.limit + 1);
  const shown = rows.slice(0, filter.limit);
  return {
    data: shown.map(toTransferView),
    nextCursor: rows.length > filter.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}
