import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { resendFailedWebhookDeliveries } from "@/lib/webhooks/resend-failed-webhook-deliveries";
import { endpointParams, resendFailedBody } from "@/lib/webhooks/webhook-api-schemas";

/** Send again every failed delivery of this endpoint made since the time given. */
export const POST = dashboardRoute<{ id: string }>("webhooks:manage", async ({ req, params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const { since } = parseOrThrow(resendFailedBody, await readJson(req));
  return json(
    await resendFailedWebhookDeliveries(db, {
      merchantId: session.merchant.id,
      endpointId: id,
      since: new Date(since),
    }),
  );
});
