import { ApiError, type FieldIssue } from "@/lib/errors/api-error";
import { toFieldIssues } from "@/lib/errors/validate";
import { DEFAULT_LIMIT, restorePlus, type ListingQuery } from "./listing-query";
import { partnerPaymentsQuerySchema } from "./merchant-payments-schemas";

/**
 * Names the listing answered to before it took the contract's. Still accepted for one release (the
 * README says until when); the route reports their use in a `Warning` header.
 */
export const DEPRECATED_NAMES = {
  start_ts: "startTs",
  end_ts: "endTs",
  sort_by: "sortBy",
  sort_dir: "sortDir",
} as const;

const SINGLE = ["startTs", "endTs", "asset", "network", "sortBy", "sortDir", "cursor", "limit", "referenceId"] as const;
const REPEATED = ["token_symbol", "status", "merchantId"] as const;
const OLD_NAME: Partial<Record<(typeof SINGLE)[number], string>> = Object.fromEntries(
  Object.entries(DEPRECATED_NAMES).map(([old, name]) => [name, old]),
);

export type MerchantPaymentsQuery = {
  query: ListingQuery;
  /** Old names the request used (`start_ts`…), and the contract's deprecated `asset`. */
  deprecatedNames: string[];
  /** `GET /v1/payments` only: the merchants asked for. */
  merchantIds?: string[];
};

/**
 * Parse the replacement listings' query (the contract's names, today's snake_case ones too) into a
 * ListingQuery read in the contract's status vocabulary, or throw 400 `params_validation` naming
 * each field. A parameter given under both its names is an error, not a silent choice.
 * `merchantFilter`: read `merchantId` too (`GET /v1/payments`; elsewhere it is an unknown name, ignored).
 */
export function parseMerchantPaymentsQuery(
  params: URLSearchParams,
  { merchantFilter = false } = {},
): MerchantPaymentsQuery {
  const raw: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  const deprecatedNames: string[] = [];
  for (const name of SINGLE) {
    const old = OLD_NAME[name];
    const values = params.getAll(name);
    const oldValues = old ? params.getAll(old) : [];
    if (oldValues.length > 0) deprecatedNames.push(old!);
    if (values.length > 0 && oldValues.length > 0)
      issues.push({ field: name, message: `given both as ${name} and as ${old}; use ${name}` });
    else if (values.length + oldValues.length > 1) issues.push({ field: name, message: "must be given at most once" });
    const value = values[0] ?? oldValues[0];
    if (value !== undefined) raw[name] = name.endsWith("Ts") ? restorePlus(value) : value;
  }
  if (params.has("asset")) deprecatedNames.push("asset");
  for (const name of REPEATED) {
    if (name === "merchantId" && !merchantFilter) continue;
    // Repeated (`status=a&status=b`) or comma-separated (`status=a,b`), as the listing always took them.
    const values = params.getAll(name).flatMap((v) => v.split(","));
    if (values.length > 0) raw[name] = values;
  }

  const parsed = partnerPaymentsQuerySchema.safeParse(raw);
  // Report the parameter, not the position inside a repeated one (`status`, not `status.1`).
  if (!parsed.success)
    issues.push(...toFieldIssues(parsed.error).map((i) => ({ ...i, field: i.field.split(".")[0]! })));
  const q = parsed.success ? parsed.data : undefined;
  if (q?.startTs && q.endTs && Date.parse(q.startTs) > Date.parse(q.endTs))
    issues.push({ field: "endTs", message: "must not be before startTs" });
  if (issues.length > 0 || !q)
    throw new ApiError("params_validation", `Query is invalid (${issues[0]?.field}: ${issues[0]?.message})`, {
      issues,
    });

  return {
    query: {
      start_ts: q.startTs,
      end_ts: q.endTs,
      asset: q.asset,
      network: q.network,
      sort_by: q.sortBy,
      sort_dir: q.sortDir,
      cursor: q.cursor,
      limit: q.limit ?? DEFAULT_LIMIT,
      status: q.status,
      vocabulary: "contract",
      tokenSymbols: q.token_symbol,
      referenceId: q.referenceId,
    },
    deprecatedNames,
    merchantIds: q.merchantId,
  };
}
