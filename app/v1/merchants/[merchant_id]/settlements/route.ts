import { partnerRoute } from "@/lib/http/partner-route";
import { json } from "@/lib/http/route";
import { getPlatformSettlements } from "@/lib/merchants/get-platform-settlements";

/** Platform API: a merchant's settlement destinations (crypto, per asset, as the gateway pays them). */
export const GET = partnerRoute<{ merchant_id: string }>(async ({ params, db, partner }) => {
  return json(await getPlatformSettlements(db, partner.id, params.merchant_id));
});
