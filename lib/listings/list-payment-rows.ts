import { and, asc, desc, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import { decodeCursor, encodeCursor } from "./cursor";
import { listingFilters } from "./listing-filters";
import type { ListingQuery } from "./listing-query";

/**
 * One keyset page: rows strictly after the cursor's (sort key, id) in the requested order. Stable
 * under concurrent inserts, and as fast deep in the list as on page 1 (index on merchant, key, id).
 */
export async function listPaymentRows(
  db: Db,
  merchantId: string,
  q: ListingQuery,
): Promise<{ rows: (typeof payments.$inferSelect)[]; nextCursor: string | null }> {
  const byAmount = q.sort_by === "amount";
  const keyColumn = byAmount ? payments.fiatAmount : payments.createdAt;
  // The cursor carries the key as PostgreSQL prints it: timestamps keep their microseconds.
  const keyText = byAmount ? sql<string>`${payments.fiatAmount}::text` : sql<string>`${payments.createdAt}::text`;
  const cast = byAmount ? sql`bigint` : sql`timestamptz`;
  const order = q.sort_dir === "desc" ? desc : asc;

  const conditions = listingFilters(merchantId, q);
  if (q.cursor) {
    const at = await decodeCursor(db, { merchantId, q, cursor: q.cursor });
    const comparator = q.sort_dir === "desc" ? sql`<` : sql`>`;
    conditions.push(sql`(${keyColumn}, ${payments.id}) ${comparator} (${at.key}::${cast}, ${at.id})`);
  }

  const rows = await db
    .select({ row: payments, key: keyText })
    .from(payments)
    .where(and(...conditions))
    .orderBy(order(keyColumn), order(payments.id))
    .limit(q.limit + 1);

  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > q.limit && last
      ? await encodeCursor(db, { merchantId, q, at: { key: last.key, id: last.row.id } })
      : null;
  return { rows: page.map((r) => r.row), nextCursor };
}
