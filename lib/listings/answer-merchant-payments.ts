import type { Db } from "@/db/client";
import type { AuthenticatedMerchant } from "@/lib/auth/authenticate-merchant";
import { listMerchantPayments } from "./list-merchant-payments";
import { DEPRECATED_NAMES, parseMerchantPaymentsQuery } from "./parse-merchant-payments-query";

/**
 * What both replacement listings answer for a query string: the page of the merchant's payments, and
 * the headers to send with it. `merchantFilter`: the query may name merchants (GET /v1/payments).
 */
export async function answerMerchantPayments(
  db: Db,
  {
    merchant,
    searchParams,
    merchantFilter,
  }: { merchant: AuthenticatedMerchant; searchParams: URLSearchParams; merchantFilter: boolean },
) {
  const { query, deprecatedNames, merchantIds } = parseMerchantPaymentsQuery(searchParams, { merchantFilter });
  return {
    page: await listMerchantPayments(db, { merchant, q: query, merchantIds }),
    headers: deprecationWarning(deprecatedNames),
  };
}

/**
 * Old parameter names still work for one release; a `Warning: 299` (as Kubernetes sends for deprecated
 * fields) tells the client which to rename, without calling the route itself deprecated.
 */
function deprecationWarning(names: string[]): Record<string, string> | undefined {
  if (names.length === 0) return undefined;
  const renames = names.map((old) =>
    old === "asset"
      ? "asset (use token_symbol and network)"
      : `${old} (use ${DEPRECATED_NAMES[old as keyof typeof DEPRECATED_NAMES]})`,
  );
  return { warning: `299 - "Deprecated query parameters: ${renames.join(", ")}"` };
}
