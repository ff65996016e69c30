import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { resendWebhookDelivery } from "@/lib/webhooks/resend-webhook-delivery";
import { deliveryParams } from "@/lib/webhooks/webhook-api-schemas";

/** Send one delivery again now (same event id and body), starting its retry schedule over. */
export const POST = merchantRoute<{ id: string; deliveryId: string }>(
  ["webhooks:manage"],
  async ({ params, db, merchant }) => {
    const { id, deliveryId } = parseOrThrow(deliveryParams, params, "Path");
    return json(await resendWebhookDelivery(db, { merchantId: merchant.id, endpointId: id, deliveryId }));
  },
);
