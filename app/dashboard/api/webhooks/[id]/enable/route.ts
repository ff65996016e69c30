import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { enableWebhookEndpoint } from "@/lib/webhooks/enable-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Enable one of the merchant's endpoints. */
export const POST = dashboardRoute<{ id: string }>(async ({ params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  return json(await enableWebhookEndpoint(db, session.merchant.id, id));
});
