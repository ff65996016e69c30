import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** A new signing secret, shown once; the old one keeps signing for 24 hours. */
export const POST = merchantRoute<{ id: string }>(["webhooks:manage"], async ({ params, db, merchant }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  return json(await rotateWebhookSecret(db, merchant.id, id));
});
