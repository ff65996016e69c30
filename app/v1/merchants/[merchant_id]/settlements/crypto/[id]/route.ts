import { readJson } from "@/lib/http/read-json";
import { partnerRoute } from "@/lib/http/partner-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { replaceSettlementBody } from "@/lib/merchants/platform-schemas";
import { removeSettlementDestination } from "@/lib/merchants/remove-settlement-destination";
import { replaceSettlementDestination } from "@/lib/merchants/replace-settlement-destination";

type Params = { merchant_id: string; id: string };

/** Platform API: replace the destination of one asset. */
export const PUT = partnerRoute<Params>(async ({ req, params, db, partner }) => {
  const body = parseOrThrow(replaceSettlementBody, await readJson(req));
  return json(
    await replaceSettlementDestination(db, {
      partnerId: partner.id,
      merchantId: params.merchant_id,
      id: params.id,
      destination: body.destination,
    }),
  );
});

/** Platform API: remove a destination set through this API. */
export const DELETE = partnerRoute<Params>(async ({ params, db, partner }) => {
  return json(
    await removeSettlementDestination(db, { partnerId: partner.id, merchantId: params.merchant_id, id: params.id }),
  );
});
