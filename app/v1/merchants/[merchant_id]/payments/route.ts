import { authenticateLegacyKey } from "@/lib/auth/authenticate-legacy-key";
import { assertScopes } from "@/lib/auth/scopes";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { listPayments } from "@/lib/listings/list-payments";
import { parseListingQuery } from "@/lib/listings/listing-query";

// RFC 9745 Deprecation (the date the replacement was published) and RFC 8594 successor link.
const DEPRECATION_HEADERS = {
  deprecation: "@1771459200",
  link: '</v1/merchants/payments>; rel="successor-version"',
};

/** Deprecated path-based listing (spec 4.3), legacy `X-Api-Key` auth (spec 5.3). */
export const GET = dbRoute<{ merchant_id: string }>(
  async ({ req, params, db }) => {
    const merchant = await authenticateLegacyKey(db, req.headers, params.merchant_id);
    assertScopes(merchant, "payments:read");
    const query = parseListingQuery(new URL(req.url).searchParams);
    return json(await listPayments(db, merchant, query));
  },
  { headers: DEPRECATION_HEADERS },
);
