import { getDb } from "@/db/client";
import { authenticatePartner } from "@/lib/auth/authenticate-partner";
import { readJson } from "@/lib/http/read-json";
import { json, route } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/http/validate";
import { replaceSettlementBody } from "@/lib/merchants/platform-schemas";
import { removeSettlementDestination } from "@/lib/merchants/remove-settlement-destination";
import { replaceSettlementDestination } from "@/lib/merchants/replace-settlement-destination";

type Params = { merchant_id: string; id: string };

/** Platform API: replace the destination of one asset. */
export const PUT = route<Params>(async ({ req, params }) => {
  const db = await getDb();
  const partner = await authenticatePartner(db, req.headers);
  const body = parseOrThrow(replaceSettlementBody, await readJson(req));
  return json(await replaceSettlementDestination(db, partner.id, params.merchant_id, params.id, body.destination));
});

/** Platform API: remove a destination set through this API. */
export const DELETE = route<Params>(async ({ req, params }) => {
  const db = await getDb();
  const partner = await authenticatePartner(db, req.headers);
  return json(await removeSettlementDestination(db, partner.id, params.merchant_id, params.id));
});
