import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { enableWebhookEndpoint } from "@/lib/webhooks/enable-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Enable one of the merchant's endpoints. */
export const POST = dashboardRoute<{ id: string }>("webhooks:manage", async ({ req, params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const endpoint = await enableWebhookEndpoint(db, session.merchant.id, id);
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "webhook_endpoint.enabled",
    target: { kind: "webhook_endpoint", id },
  });
  return json(endpoint);
});
