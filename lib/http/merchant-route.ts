import { authenticateMerchant, type AuthenticatedMerchant } from "@/lib/auth/authenticate-merchant";
import { assertScopes, type ApiKeyScope } from "@/lib/auth/scopes";
import { dbRoute, type WithDb } from "./db-route";

type Authenticated<P> = WithDb<P> & { merchant: AuthenticatedMerchant };

/**
 * Merchant API handlers, authenticated (`Api-Key` + `Merchant-Id`) and checked for the key's
 * `scopes` before they run, inside the one route wrapper (request id, versioning, the single catch):
 * a handler only parses and calls lib. Every route names its scopes, so none is open to every key by
 * forgetting. `mapError` restates a failure, auth included, in a route's own terms (the contract's codes).
 */
export function merchantRoute<P = Record<string, never>>(
  scopes: ApiKeyScope[],
  handler: (input: Authenticated<P>) => Promise<Response>,
  options: { mapError?: (err: unknown) => unknown } = {},
) {
  return dbRoute<P>(async (input) => {
    try {
      const merchant = await authenticateMerchant(input.db, input.req.headers);
      assertScopes(merchant, ...scopes);
      return await handler({ ...input, merchant });
    } catch (err) {
      throw options.mapError ? options.mapError(err) : err;
    }
  });
}
