import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { toStatusView } from "@/lib/payments/payment-view";
import { maxPollMsOf } from "@/lib/payments/status-changes";
import { waitMerchantStatus } from "@/lib/payments/wait-merchant-status";

/** Verify payment status (spec 4.2). Alias: GET /v1/payments/{id}/status. `?maxPollMs` long-polls. */
export const GET = dbRoute<{ id: string }>(async ({ req, params, db, readDb }) =>
  json(
    await waitMerchantStatus(
      { read: readDb, write: db },
      { headers: req.headers, paymentId: params.id, maxPollMs: maxPollMsOf(req.url), view: toStatusView },
    ),
  ),
);
