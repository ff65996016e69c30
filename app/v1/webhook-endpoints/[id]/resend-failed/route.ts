import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { resendFailedWebhookDeliveries } from "@/lib/webhooks/resend-failed-webhook-deliveries";
import { endpointParams, resendFailedBody } from "@/lib/webhooks/webhook-api-schemas";

/** Send again every delivery of this endpoint that failed, made since `since`. */
export const POST = merchantRoute<{ id: string }>(["webhooks:manage"], async ({ req, params, db, merchant }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const { since } = parseOrThrow(resendFailedBody, await readJson(req));
  return json(
    await resendFailedWebhookDeliveries(db, { merchantId: merchant.id, endpointId: id, since: new Date(since) }),
  );
});
