import { getDb } from "@/db/client";
import { toGatewayStatus } from "@/lib/gateway/gateway-views";
import { loadGatewayPaymentOrThrow } from "@/lib/gateway/load-gateway-payment";
import { json, route } from "@/lib/http/route";
import { maxPollMsOf, withStatusWait } from "@/lib/payments/status-changes";

/** The payment's status in gateway vocabulary, polled by wallets until isFinal; `?maxPollMs` long-polls. */
export const GET = route<{ id: string }>(async ({ req, params }) => {
  const db = await getDb();
  const first = await loadGatewayPaymentOrThrow(db, params.id);
  const read = async () => toGatewayStatus(await loadGatewayPaymentOrThrow(db, params.id));
  return json(await withStatusWait(first.payment.id, maxPollMsOf(req.url), read, (v) => v.isFinal));
});
