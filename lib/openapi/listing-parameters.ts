import { z } from "zod";
import type { ErrorCode } from "@/lib/errors/api-error";
import { merchantPaymentsQuerySchema } from "@/lib/listings/merchant-payments-schemas";
import { DEPRECATED_NAMES } from "@/lib/listings/parse-merchant-payments-query";

// What zod cannot say of a query string: `limit` is parsed from text, the dates are refined in code.
const DATE_TIME = { type: "string", format: "date-time", example: "2026-02-19T00:00:00Z" };
const AS_DOCUMENTED: Record<string, Record<string, unknown>> = {
  limit: { type: "integer", minimum: 1, maximum: 200, default: 50 },
  start_ts: DATE_TIME,
  end_ts: DATE_TIME,
  startTs: DATE_TIME,
  endTs: DATE_TIME,
};

/** Query parameters from the same zod schema the listing parses with. */
export function queryParameters(schema: z.ZodObject): Record<string, unknown>[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const documented = AS_DOCUMENTED[name];
    const json = documented
      ? { ...documented }
      : (z.toJSONSchema(field as z.ZodType, { io: "input", unrepresentable: "any" }) as Record<string, unknown>);
    delete json.$schema;
    const array = json.type === "array";
    return { name, in: "query", required: false, schema: json, ...(array ? { style: "form", explode: true } : {}) };
  });
}

/** Today's snake_case names, accepted for one release beside the contract's. */
export const DEPRECATED_QUERY = Object.entries(DEPRECATED_NAMES).map(([old, name]) => {
  const param = queryParameters(merchantPaymentsQuerySchema).find((p) => p.name === name)!;
  return { ...param, name: old, deprecated: true, description: `Deprecated: use ${name}` };
});

export const LISTING_ERRORS: ErrorCode[] = [
  "invalid_params",
  "params_validation",
  "missing_api_key",
  "invalid_api_key",
  "header_not_ascii",
  "internal_error",
];
