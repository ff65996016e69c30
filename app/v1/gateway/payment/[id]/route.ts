import { toPaymentInfo } from "@/lib/gateway/gateway-views";
import { loadGatewayPaymentOrThrow } from "@/lib/gateway/load-gateway-payment";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";

/** Payment info for wallets: fiat amount, expiry, merchant, status, buyer. */
export const GET = dbRoute<{ id: string }>(async ({ params, db }) => {
  const payment = await loadGatewayPaymentOrThrow(db, params.id);
  return json(toPaymentInfo(payment));
});
