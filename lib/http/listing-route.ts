import { authenticateListingKey } from "@/lib/auth/authenticate-listing-key";
import type { AuthenticatedMerchant } from "@/lib/auth/authenticate-merchant";
import { assertScopes, type ApiKeyScope } from "@/lib/auth/scopes";
import { dbRoute, type WithDb } from "./db-route";

/**
 * The replacement listings' handlers, authenticated as their contract allows (authenticateListingKey:
 * only 401s, `Merchant-Id` required or not) and checked for the key's `scopes`, inside the one route wrapper.
 */
export function listingRoute(
  options: { merchantIdRequired: boolean; scopes: ApiKeyScope[] },
  handler: (input: WithDb<Record<string, never>> & { merchant: AuthenticatedMerchant }) => Promise<Response>,
) {
  return dbRoute(async (input) => {
    const merchant = await authenticateListingKey(input.db, input.req.headers, options);
    assertScopes(merchant, ...options.scopes);
    return handler({ ...input, merchant });
  });
}
