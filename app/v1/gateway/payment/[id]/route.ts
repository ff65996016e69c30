import { getDb } from "@/db/client";
import { toPaymentInfo } from "@/lib/gateway/gateway-views";
import { loadGatewayPaymentOrThrow } from "@/lib/gateway/load-gateway-payment";
import { json, route } from "@/lib/http/route";

/** Payment info for wallets: fiat amount, expiry, merchant, status, buyer. */
export const GET = route<{ id: string }>(async ({ params }) => {
  const payment = await loadGatewayPaymentOrThrow(await getDb(), params.id);
  return json(toPaymentInfo(payment));
});
