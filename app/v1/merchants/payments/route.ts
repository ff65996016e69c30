import { json } from "@/lib/http/route";
import { listingRoute } from "@/lib/http/listing-route";
import { deprecationWarning } from "@/lib/listings/deprecation-warning";
import { listMerchantPayments } from "@/lib/listings/list-merchant-payments";
import { parseMerchantPaymentsQuery } from "@/lib/listings/parse-merchant-payments-query";

/** The merchant's payments (the replacement of the deprecated path-based listing); `Merchant-Id` required. */
export const GET = listingRoute(
  { merchantIdRequired: true, scopes: ["payments:read"] },
  async ({ req, db, merchant }) => {
    const { query, deprecatedNames, merchantIds } = parseMerchantPaymentsQuery(new URL(req.url).searchParams, {
      merchantFilter: false,
    });
    return json(await listMerchantPayments(db, merchant, query, merchantIds), 200, deprecationWarning(deprecatedNames));
  },
);
