import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { listTransfers } from "@/lib/ledger/list-transfers";
import { transfersQuery } from "@/lib/ledger/transfer-schemas";

/** The merchant's transfers seen on chain, newest first; `status=unmatched`: the money bound to no payment. */
export const GET = merchantRoute(["payments:read"], async ({ req, db, merchant }) => {
  const query = parseOrThrow(transfersQuery, Object.fromEntries(new URL(req.url).searchParams), "Query");
  return json(await listTransfers(db, merchant.id, query));
});
