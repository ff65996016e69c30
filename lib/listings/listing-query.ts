import { z } from "zod";
import { PAYMENT_EXCEPTIONS } from "@/db/schema";
import { ApiError, type FieldIssue } from "@/lib/errors/api-error";
import { toFieldIssues } from "@/lib/errors/validate";
import type { ContractStatus } from "@/lib/payments/status";
import { isIsoDateTimeWithZone } from "./iso-datetime";
import { LISTING_STATUSES } from "./listing-status";

export const DEFAULT_LIMIT = 50;

/** The dashboard's "Needs attention" filter: any exception, or one kind. */
export const EXCEPTION_FILTERS = ["any", ...PAYMENT_EXCEPTIONS] as const;
export type ExceptionFilter = (typeof EXCEPTION_FILTERS)[number];
export const MAX_LIMIT = 200;

const isoDateTime = z
  .string()
  .refine(
    isIsoDateTimeWithZone,
    "must be an ISO 8601 date-time with a time zone (Z or ±hh:mm) and a real calendar date, e.g. 2026-02-19T00:00:00Z",
  )
  .meta({ example: "2026-02-19T00:00:00Z" });

/** The listing's query parameters (spec 4.3), as zod validates them; unknown parameters are ignored. */
export const listingQuerySchema = z
  .object({
    start_ts: isoDateTime.optional(),
    end_ts: isoDateTime.optional(),
    asset: z
      .string()
      .regex(
        /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/[-a-z0-9]{3,8}:[-.%a-zA-Z0-9]{1,128}$/,
        "must be a CAIP-19 asset id, e.g. eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      )
      .optional(),
    network: z
      .string()
      .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, "must be a CAIP-2 chain id, e.g. eip155:8453")
      .optional(),
    sort_by: z.enum(["date", "amount"]).default("date"),
    sort_dir: z.enum(["asc", "desc"]).default("desc"),
    cursor: z.string().max(2048).optional(),
    limit: z
      .string()
      .regex(/^[0-9]{1,4}$/, `must be an integer from 1 to ${MAX_LIMIT}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, `must be an integer from 1 to ${MAX_LIMIT}`)
          .max(MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`),
      )
      .optional(),
    status: z.array(z.enum(LISTING_STATUSES, `must be one of ${LISTING_STATUSES.join(", ")}`)).optional(),
  })
  .meta({ id: "ListingQuery" });

export type ListingQuery = Omit<z.infer<typeof listingQuerySchema>, "limit" | "status"> & {
  limit: number;
  /** Statuses to match, read in `vocabulary` (spec 3.2 when absent). */
  status?: ContractStatus[];
  /**
   * `contract`: the replacement listing's statuses, where `failed` and `cancelled` are apart; absent:
   * spec 3.2, where `failed` also finds cancelled payments (it has no `cancelled`).
   */
  vocabulary?: "contract";
  /** Replacement listing: token symbols, any of them (case-insensitive). */
  tokenSymbols?: string[];
  /** Replacement listing: a substring of the merchant's reference id (case-insensitive). */
  referenceId?: string;
  /** Dashboard search: an exact reference id or payment id. Not an API parameter; statistics ignore it. */
  search?: string;
  /** Dashboard filter on payments with an exception (paid late, underpaid, overpaid). Not an API parameter; statistics ignore it. */
  exception?: ExceptionFilter;
};

const SINGLE = ["start_ts", "end_ts", "asset", "network", "sort_by", "sort_dir", "cursor", "limit"] as const;

/** Parse the URL's query into a ListingQuery, or throw 400 `params_validation` naming each field. */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const raw: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  for (const name of SINGLE) {
    const values = params.getAll(name);
    if (values.length > 1) issues.push({ field: name, message: "must be given at most once" });
    if (values.length > 0) raw[name] = name.endsWith("_ts") ? restorePlus(values[0]!) : values[0];
  }
  const statuses = params.getAll("status").flatMap((v) => v.split(","));
  if (statuses.length > 0) raw.status = statuses;

  const parsed = listingQuerySchema.safeParse(raw);
  // Report the parameter, not the position inside a repeated one (`status`, not `status.1`).
  if (!parsed.success)
    issues.push(...toFieldIssues(parsed.error).map((i) => ({ ...i, field: i.field.split(".")[0]! })));
  if (
    parsed.success &&
    parsed.data.start_ts &&
    parsed.data.end_ts &&
    Date.parse(parsed.data.start_ts) > Date.parse(parsed.data.end_ts)
  ) {
    issues.push({ field: "end_ts", message: "must not be before start_ts" });
  }
  if (issues.length > 0 || !parsed.success) {
    throw new ApiError("params_validation", `Query is invalid (${issues[0]?.field}: ${issues[0]?.message})`, {
      issues,
    });
  }
  return { ...parsed.data, limit: parsed.data.limit ?? DEFAULT_LIMIT };
}

/** An unencoded `+05:30` arrives as ` 05:30` (form decoding turns + into a space): take it as meant. */
export function restorePlus(value: string): string {
  return value.replace(/ (\d{2}:\d{2})$/, "+$1");
}
