import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { listPosSales } from "@/lib/pos/list-pos-sales";
import { posSalesQuery } from "@/lib/pos/pos-schemas";

/** The point of sale's own sales since its local midnight, with totals: the "today" view at the counter. */
export const GET = merchantRoute(["pos:sales"], async ({ req, db, merchant }) => {
  const { since } = parseOrThrow(posSalesQuery, Object.fromEntries(new URL(req.url).searchParams), "Query");
  return json(await listPosSales(db, { merchant, since }));
});
