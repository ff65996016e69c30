import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { resendWebhookDelivery } from "@/lib/webhooks/resend-webhook-delivery";
import { deliveryParams } from "@/lib/webhooks/webhook-api-schemas";

/** Send one delivery again now. */
export const POST = dashboardRoute<{ id: string; deliveryId: string }>(
  "webhooks:manage",
  async ({ params, db, session }) => {
    const { id, deliveryId } = parseOrThrow(deliveryParams, params, "Path");
    return json(await resendWebhookDelivery(db, { merchantId: session.merchant.id, endpointId: id, deliveryId }));
  },
);
