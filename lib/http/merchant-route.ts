import { getDb, type Db } from "@/db/client";
import { authenticateMerchant, type AuthenticatedMerchant } from "@/lib/auth/authenticate-merchant";
import { route, type RouteInput } from "./route";

type Authenticated<P> = RouteInput<P> & { db: Db; merchant: AuthenticatedMerchant };

/**
 * Merchant API handlers, authenticated (`Api-Key` + `Merchant-Id`) before they run, inside the one
 * route wrapper (request id, versioning, the single catch): a handler only parses and calls lib.
 */
export function merchantRoute<P = Record<string, never>>(handler: (input: Authenticated<P>) => Promise<Response>) {
  return route<P>(async (input) => {
    const db = await getDb();
    const merchant = await authenticateMerchant(db, input.req.headers);
    return handler({ ...input, db, merchant });
  });
}
