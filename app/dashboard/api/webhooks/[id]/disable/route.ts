import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { disableWebhookEndpoint } from "@/lib/webhooks/disable-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Disable one of the merchant's endpoints. */
export const POST = dashboardRoute<{ id: string }>("webhooks:manage", async ({ req, params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const endpoint = await disableWebhookEndpoint(db, session.merchant.id, id);
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "webhook_endpoint.disabled",
    target: { kind: "webhook_endpoint", id },
  });
  return json(endpoint);
});
