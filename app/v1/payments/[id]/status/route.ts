import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { toContractStatusView } from "@/lib/payments/contract-views";
import { maxPollMsOf } from "@/lib/payments/status-changes";
import { waitMerchantStatus } from "@/lib/payments/wait-merchant-status";

/** A payment's status in the contract's vocabulary, with `info` once succeeded and `failureCode` once failed. `?maxPollMs` long-polls. */
export const GET = dbRoute<{ id: string }>(async ({ req, params, db, readDb }) =>
  json(
    await waitMerchantStatus(
      { read: readDb, write: db },
      { headers: req.headers, paymentId: params.id, maxPollMs: maxPollMsOf(req.url), view: toContractStatusView },
    ),
  ),
);
