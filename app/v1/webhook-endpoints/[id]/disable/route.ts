import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { disableWebhookEndpoint } from "@/lib/webhooks/disable-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Pause the endpoint: nothing is sent to it until it is enabled; answers it as listed. */
export const POST = merchantRoute<{ id: string }>(["webhooks:manage"], async ({ params, db, merchant }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  return json(await disableWebhookEndpoint(db, merchant.id, id));
});
