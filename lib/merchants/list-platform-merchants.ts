import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { ID_PATTERN } from "@/lib/ids";
import type { ListMerchantsQuery } from "./platform-schemas";
import { toPlatformMerchant } from "./platform-merchant-view";

// Where the previous page ended: created_at printed by PostgreSQL in UTC with microseconds (so it
// casts back exactly; a JS Date would round to milliseconds and skip or repeat rows) and the id.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// A real calendar instant (no 30 February), or PostgreSQL would refuse the cast with a 500.
const instant = z
  .string()
  .refine((v) => TIMESTAMP_TEXT.test(v) && new Date(v).toISOString().slice(0, 19) === v.slice(0, 19));
const cursorSchema = z.object({ t: instant, i: z.string().regex(ID_PATTERN) });

/**
 * GET /v1/merchants: the partner's merchants, newest first, keyset-paged (following nextCursor
 * returns every merchant that existed when paging began exactly once), with totalCount over every
 * match. `search` matches name or email, case-insensitively. Every merchant it lists is active, so
 * `status=inactive|suspended` matches none.
 */
export async function listPlatformMerchants(db: Db, partnerId: string, query: ListMerchantsQuery) {
  const filters: SQL[] = [eq(merchants.partnerId, partnerId), isNull(merchants.deletedAt)];
  if (query.status && query.status !== "active") filters.push(sql`false`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(merchants.name, pattern), ilike(merchants.email, pattern))!);
  }
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = after
    ? [...filters, sql`(${merchants.createdAt}, ${merchants.id}) < (${after.t}::timestamptz, ${after.i})`]
    : filters;

  const [rows, [total]] = await Promise.all([
    db
      .select({
        merchant: merchants,
        position: sql<string>`to_char(${merchants.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(merchants)
      .where(and(...page))
      .orderBy(desc(merchants.createdAt), desc(merchants.id))
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(merchants)
      .where(and(...filters)),
  ]);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    merchants: shown.map((r) => toPlatformMerchant(r.merchant)),
    totalCount: total?.n ?? 0,
    nextCursor: rows.length > query.limit && last ? encodeCursor({ t: last.position, i: last.merchant.id }) : null,
  };
}

function encodeCursor(position: z.infer<typeof cursorSchema>): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

function decodeCursor(cursor: string): z.infer<typeof cursorSchema> {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    const message = "is not a nextCursor this listing returned";
    throw new ApiError("invalid_params", `cursor ${message}`, { issues: [{ field: "cursor", message }] });
  }
}
