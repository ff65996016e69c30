import { partnerRoute } from "@/lib/http/partner-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { deletePlatformMerchant } from "@/lib/merchants/delete-platform-merchant";
import { getPlatformMerchant } from "@/lib/merchants/get-platform-merchant";
import { readPlatformBody } from "@/lib/merchants/platform-request";
import { updateMerchantBody } from "@/lib/merchants/platform-schemas";
import { updatePlatformMerchant } from "@/lib/merchants/update-platform-merchant";

// The folder is [merchant_id] because Next.js allows one slug name per level and the deprecated
// listing /v1/merchants/{merchant_id}/payments already names it; the contract calls it merchantId.
type Params = { merchant_id: string };

/** Platform API: one of the partner's merchants, with its settlements. */
export const GET = partnerRoute<Params>(async ({ params, db, partner }) => {
  return json(await getPlatformMerchant(db, partner.id, params.merchant_id));
});

/** Platform API: change a merchant's name, email or icon. */
export const PATCH = partnerRoute<Params>(async ({ req, params, db, partner }) => {
  const body = parseOrThrow(updateMerchantBody, await readPlatformBody(req));
  return json(await updatePlatformMerchant(db, { partnerId: partner.id, merchantId: params.merchant_id, body }));
});

/** Platform API: soft-delete a merchant (404 on these routes afterwards; payments stay on record). */
export const DELETE = partnerRoute<Params>(async ({ params, db, partner }) => {
  return json(await deletePlatformMerchant(db, partner.id, params.merchant_id));
});
