import { authenticateListingKey } from "@/lib/auth/authenticate-listing-key";
import { assertScopes } from "@/lib/auth/scopes";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { listMerchantPayments } from "./list-merchant-payments";
import { DEPRECATED_NAMES, parseMerchantPaymentsQuery } from "./parse-merchant-payments-query";

/**
 * The GET handler of both replacement listings. `GET /v1/merchants/payments` requires `Merchant-Id`;
 * `GET /v1/payments` (`partner`) names no such header and takes the contract's `merchantId` filter.
 */
export function serveMerchantPayments({ partner }: { partner: boolean }) {
  return dbRoute(async ({ req, db }) => {
    const merchant = await authenticateListingKey(db, req.headers, { merchantIdRequired: !partner });
    assertScopes(merchant, "payments:read");
    const { query, deprecatedNames, merchantIds } = parseMerchantPaymentsQuery(new URL(req.url).searchParams, {
      merchantFilter: partner,
    });
    return json(await listMerchantPayments(db, merchant, query, merchantIds), 200, deprecationWarning(deprecatedNames));
  });
}

/**
 * Old parameter names still work for one release; a `Warning: 299` (as Kubernetes sends for
 * deprecated fields) tells the client which to rename, without calling the route itself deprecated.
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
