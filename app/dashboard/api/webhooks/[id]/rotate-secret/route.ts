import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** A new signing secret for the endpoint, in this answer only; the old one signs for 24 h more. */
export const POST = dashboardRoute<{ id: string }>(async ({ params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  return json(await rotateWebhookSecret(db, session.merchant.id, id));
});
