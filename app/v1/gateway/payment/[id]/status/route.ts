import { waitGatewayStatus } from "@/lib/gateway/wait-gateway-status";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { maxPollMsOf } from "@/lib/payments/status-changes";

/**
 * The payment's status in gateway vocabulary, polled by wallets and the checkout until isFinal;
 * `?maxPollMs` long-polls. Reads go through the read pool, so polls never wait behind transactions.
 */
export const GET = dbRoute<{ id: string }>(async ({ req, params, readDb }) =>
  json(await waitGatewayStatus(readDb, params.id, maxPollMsOf(req.url))),
);
