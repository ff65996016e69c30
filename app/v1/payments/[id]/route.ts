import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { toContractDetailView } from "@/lib/payments/contract-views";
import { waitMerchantStatus } from "@/lib/payments/wait-merchant-status";

/** A payment's detail (the contract's GET /v1/payments/{id}): status, referenceId, info, failureCode, settlement. */
export const GET = dbRoute<{ id: string }>(async ({ req, params, db, readDb }) =>
  json(
    await waitMerchantStatus(
      { read: readDb, write: db },
      { headers: req.headers, paymentId: params.id, maxPollMs: 0, view: toContractDetailView, scope: "payments:read" },
    ),
  ),
);
