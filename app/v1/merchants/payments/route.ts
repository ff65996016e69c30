import { getDb } from "@/db/client";
import { authenticateMerchant } from "@/lib/auth/authenticate-merchant";
import { json, route } from "@/lib/http/route";
import { listPayments } from "@/lib/listings/list-payments";
import { parseListingQuery } from "@/lib/listings/listing-query";

/** List payments with partner headers (spec 4.4): the replacement of the path-based route. */
export const GET = route(async ({ req }) => {
  const db = await getDb();
  const merchant = await authenticateMerchant(db, req.headers);
  const query = parseListingQuery(new URL(req.url).searchParams);
  return json(await listPayments(db, merchant, query));
});
