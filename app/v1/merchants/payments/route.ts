import { json } from "@/lib/http/route";
import { listingRoute } from "@/lib/http/listing-route";
import { answerMerchantPayments } from "@/lib/listings/answer-merchant-payments";

/** The merchant's payments (the replacement of the deprecated path-based listing); `Merchant-Id` required. */
export const GET = listingRoute(
  { merchantIdRequired: true, scopes: ["payments:read"] },
  async ({ req, db, merchant }) => {
    const searchParams = new URL(req.url).searchParams;
    const { page, headers } = await answerMerchantPayments(db, { merchant, searchParams, merchantFilter: false });
    return json(page, 200, headers);
  },
);
