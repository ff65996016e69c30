import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { deliveriesQuery, endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** The endpoint's delivery log, newest first, each delivery with its attempts. */
export const GET = merchantRoute<{ id: string }>(["webhooks:manage"], async ({ req, params, db, merchant }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const page = parseOrThrow(deliveriesQuery, Object.fromEntries(new URL(req.url).searchParams), "Query");
  return json(await listWebhookDeliveries(db, { merchantId: merchant.id, endpointId: id, page }));
});
