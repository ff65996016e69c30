import { z } from "zod";
import { ApiError, type FieldIssue } from "@/lib/errors/api-error";
import { EXCEPTION_FILTERS, parseListingQuery, type ListingQuery } from "@/lib/listings/listing-query";

export type SearchParams = Record<string, string | string[] | undefined>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const exceptionParam = z.enum(EXCEPTION_FILTERS, `must be one of ${EXCEPTION_FILTERS.join(", ")}`).optional();

/**
 * The payments table's URL (`from`/`to` as UTC dates, `q` search, `exception` as `any` or one kind,
 * `sort` as `date:desc`, and the listing's own status, asset, network, sort_by, sort_dir, cursor)
 * as a ListingQuery, through the listing's own parser:
 * the table, the CSV export and the API filter alike. Bad input comes back as issues, not a throw.
 */
export function parsePaymentsQuery(
  params: URLSearchParams | SearchParams,
  limit = 25,
): { query: ListingQuery; issues: FieldIssue[] } {
  const input = params instanceof URLSearchParams ? params : toSearchParams(params);
  const listing = new URLSearchParams();
  for (const name of ["asset", "network", "sort_by", "sort_dir", "cursor"]) {
    const value = input.get(name)?.trim();
    if (value) listing.set(name, value);
  }
  for (const status of input.getAll("status")) if (status) listing.append("status", status);
  const sort = /^(date|amount):(asc|desc)$/.exec(input.get("sort") ?? "");
  if (sort) {
    listing.set("sort_by", sort[1]!);
    listing.set("sort_dir", sort[2]!);
  }
  const issues: FieldIssue[] = [];
  const from = input.get("from")?.trim();
  const to = input.get("to")?.trim();
  if (from && DATE.test(from)) listing.set("start_ts", `${from}T00:00:00Z`);
  else if (from) issues.push({ field: "from", message: "must be a date" });
  if (to && DATE.test(to)) listing.set("end_ts", `${to}T23:59:59.999999Z`);
  else if (to) issues.push({ field: "to", message: "must be a date" });
  listing.set("limit", String(limit));
  // The pages read their query without the API's route wrapper: its NUL rule is applied here.
  const q = input.get("q")?.trim();
  if (q?.includes("\0")) issues.push({ field: "q", message: "must not contain the NUL character (U+0000)" });
  const search = (q?.includes("\0") ? undefined : q?.slice(0, 255)) || undefined;
  const exception = exceptionParam.safeParse(input.get("exception")?.trim() || undefined);
  if (!exception.success) issues.push({ field: "exception", message: exception.error.issues[0]!.message });
  const filters = { search, ...(exception.data ? { exception: exception.data } : {}) };
  try {
    return { query: { ...parseListingQuery(listing), ...filters }, issues };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const renamed = (err.issues ?? [{ field: "query", message: err.message }]).map((i) => ({
      ...i,
      field: i.field === "start_ts" ? "from" : i.field === "end_ts" ? "to" : i.field,
    }));
    // Fall back to the unfiltered first page so the table still renders next to the messages.
    return { query: { sort_by: "date", sort_dir: "desc", limit, ...filters }, issues: [...issues, ...renamed] };
  }
}

export function toSearchParams(params: SearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
  }
  return out;
}
