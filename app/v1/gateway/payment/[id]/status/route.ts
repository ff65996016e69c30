import { connection } from "@/db/client";
import { toGatewayStatus } from "@/lib/gateway/gateway-views";
import { loadGatewayPaymentOrThrow } from "@/lib/gateway/load-gateway-payment";
import { json, route } from "@/lib/http/route";
import { maxPollMsOf, withStatusWait } from "@/lib/payments/status-changes";

/**
 * The payment's status in gateway vocabulary, polled by wallets and the checkout until isFinal;
 * `?maxPollMs` long-polls. Reads go through the read pool, so polls never wait behind transactions.
 */
export const GET = route<{ id: string }>(async ({ req, params }) => {
  const { readDb } = await connection();
  const first = await loadGatewayPaymentOrThrow(readDb, params.id);
  const read = async () => toGatewayStatus(await loadGatewayPaymentOrThrow(readDb, params.id));
  return json(await withStatusWait(first.payment.id, maxPollMsOf(req.url), read, (v) => v.isFinal));
});
