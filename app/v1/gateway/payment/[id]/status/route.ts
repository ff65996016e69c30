import { getDb } from "@/db/client";
import { toGatewayStatus } from "@/lib/gateway/gateway-views";
import { loadGatewayPaymentOrThrow } from "@/lib/gateway/load-gateway-payment";
import { json, route } from "@/lib/http/route";

/** The payment's status in gateway vocabulary, polled by wallets until isFinal. */
export const GET = route<{ id: string }>(async ({ params }) => {
  return json(toGatewayStatus(await loadGatewayPaymentOrThrow(await getDb(), params.id)));
});
