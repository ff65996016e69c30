import { and, eq, gt, gte, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { payments } from "@/db/schema";
import type { ContractStatus } from "@/lib/payments/status";
import type { ListingQuery } from "./listing-query";

/**
 * SQL conditions for the listing's filters. Statuses are matched as readers see them: a pending
 * payment past its expiry is `expired`, not `requires_action`, even before the sweep writes it.
 */
export function listingFilters(merchantId: string, q: ListingQuery): SQL[] {
  const conditions: SQL[] = [eq(payments.merchantId, merchantId)];
  if (q.start_ts) conditions.push(gte(payments.createdAt, sql`${q.start_ts}::timestamptz`));
  if (q.end_ts) conditions.push(lte(payments.createdAt, sql`${q.end_ts}::timestamptz`));
  if (q.asset) conditions.push(eq(payments.tokenCaip19, q.asset));
  if (q.network) conditions.push(eq(payments.chainId, q.network));
  if (q.tokenSymbols?.length)
    conditions.push(
      inArray(sql`upper(${payments.tokenSymbol})`, [...new Set(q.tokenSymbols.map((t) => t.toUpperCase()))]),
    );
  if (q.referenceId) conditions.push(sql`strpos(lower(${payments.referenceId}), ${q.referenceId.toLowerCase()}) > 0`);
  if (q.status?.length) conditions.push(or(...[...new Set(q.status)].map((s) => statusCondition(s, q.vocabulary)))!);
  if (q.search) conditions.push(or(eq(payments.referenceId, q.search), eq(payments.id, q.search))!);
  // Both forms fit the partial index payments_merchant_exception_idx (an equality implies not null).
  if (q.exception)
    conditions.push(q.exception === "any" ? isNotNull(payments.exception) : eq(payments.exception, q.exception));
  return conditions;
}

function statusCondition(status: ContractStatus, vocabulary: ListingQuery["vocabulary"]): SQL {
  switch (status) {
    case "requires_action":
      return and(eq(payments.status, "pending"), gt(payments.expiresAt, sql`now()`))!;
    case "expired":
      return or(
        eq(payments.status, "expired"),
        and(eq(payments.status, "pending"), lte(payments.expiresAt, sql`now()`)),
      )!;
    case "failed":
      // The deprecated listing has no `cancelled`; it reads `failed`, and filters so too.
      return vocabulary === "contract"
        ? eq(payments.status, "failed")
        : inArray(payments.status, ["failed", "cancelled"]);
    default:
      return eq(payments.status, status);
  }
}
