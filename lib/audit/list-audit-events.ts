import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { AUDIT_ACTIONS } from "./audit-actions";

export const AUDIT_PAGE_SIZE = 50;

/** The page and CSV's query: an action to keep, and the cursor of the page after. */
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  before: z
    .string()
    .regex(/^aud_[0-9A-Za-z]{22}$/, "is not a cursor of this list")
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export type AuditRow = typeof auditEvents.$inferSelect;

/** The query from URL search parameters (empty values as absent); a bad one is 400 `params_validation`. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const raw = Object.fromEntries([...params].filter(([k, v]) => v !== "" && (k === "action" || k === "before")));
  const parsed = auditQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ApiError("params_validation", `Filters are invalid (${issue.path.join(".")}: ${issue.message})`);
  }
  return parsed.data;
}

/**
 * One page of the merchant's audit log, newest first (keyset on created_at, id, so a page never
 * repeats or skips a row that was written meanwhile), and the cursor of the next page when there is
 * one: the id of the page's last row.
 */
export async function listAuditEvents(
  db: Db,
  { merchantId, query, limit = AUDIT_PAGE_SIZE }: { merchantId: string; query: AuditQuery; limit?: number },
): Promise<{ rows: AuditRow[]; next?: string }> {
  const conditions: SQL[] = [eq(auditEvents.merchantId, merchantId)];
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.before) {
    // Compared in the database: created_at holds microseconds, which a JS Date would round away.
    conditions.push(
      sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select created_at, id from audit_events where id = ${query.before} and merchant_id = ${merchantId})`,
    );
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: more && last ? last.id : undefined };
}
