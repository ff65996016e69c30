import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { updateMerchantSettings } from "@/lib/merchants/merchant-settings";

/** Save the merchant's settings (all fields; a bad one refuses the whole change). */
export const PUT = dashboardRoute(async ({ req, db, session }) => {
  return json(await updateMerchantSettings(db, session.merchant.id, await readJson(req)));
});
