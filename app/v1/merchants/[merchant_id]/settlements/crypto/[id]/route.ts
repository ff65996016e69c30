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
  return json(await replaceSettlementDestination(db, partner.id, params.merchant_id, params.id, body.destination));
});

/** Platform API: remove a destination set through this API. */
export const DELETE = partnerRoute<Params>(async ({ params, db, partner }) => {
  return json(await removeSettlementDestination(db, partner.id, params.merchant_id, params.id));
});
