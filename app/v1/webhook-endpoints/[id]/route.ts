import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Delete an endpoint at once and for good: nothing more is sent to it. */
export const DELETE = merchantRoute<{ id: string }>(["webhooks:manage"], async ({ params, db, merchant }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  return json(await deleteWebhookEndpoint(db, merchant.id, id));
});
