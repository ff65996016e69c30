import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** Delete one of the merchant's endpoints, at once and for good. */
export const DELETE = dashboardRoute<{ id: string }>("webhooks:manage", async ({ req, params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const deleted = await deleteWebhookEndpoint(db, session.merchant.id, id);
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "webhook_endpoint.deleted",
    target: { kind: "webhook_endpoint", id },
  });
  return json(deleted);
});
