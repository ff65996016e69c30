import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { enableWebhookEndpoint } from "@/lib/webhooks/enable-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Enable the endpoint (paused or disabled for failing): held deliveries go out; answers it as listed. */
export const POST = merchantRoute<{ id: string }>(["webhooks:manage"], async ({ params, db, merchant }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  return json(await enableWebhookEndpoint(db, merchant.id, id));
});
