import { connection } from "@/db/client";
import { json, route } from "@/lib/http/route";
import { toContractDetailView } from "@/lib/payments/contract-views";
import { readStatusWithKey } from "@/lib/payments/read-status-with-key";

/** A payment's detail (the contract's GET /v1/payments/{id}): status, referenceId, info, failureCode, settlement. */
export const GET = route<{ id: string }>(async ({ req, params }) => {
  const { db, readDb } = await connection();
  const { payment } = await readStatusWithKey({ read: readDb, write: db }, req.headers, params.id);
  return json(toContractDetailView(payment));
});
