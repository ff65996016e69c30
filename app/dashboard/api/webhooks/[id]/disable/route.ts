import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { disableWebhookEndpoint } from "@/lib/webhooks/disable-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Disable one of the merchant's endpoints. */
export const POST = dashboardRoute<{ id: string }>(async ({ params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  return json(await disableWebhookEndpoint(db, session.merchant.id, id));
});
