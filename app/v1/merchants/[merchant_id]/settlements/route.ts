import { getDb } from "@/db/client";
import { authenticatePartner } from "@/lib/auth/authenticate-partner";
import { json, route } from "@/lib/http/route";
import { getPlatformSettlements } from "@/lib/merchants/get-platform-settlements";

/** Platform API: a merchant's settlement destinations (crypto, per asset, as the gateway pays them). */
export const GET = route<{ merchant_id: string }>(async ({ req, params }) => {
  const db = await getDb();
  const partner = await authenticatePartner(db, req.headers);
  return json(await getPlatformSettlements(db, partner.id, params.merchant_id));
});
