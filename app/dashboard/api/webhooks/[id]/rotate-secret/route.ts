import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { endpointParams } from "@/lib/webhooks/webhook-api-schemas";

/** A new signing secret for the endpoint, in this answer only; the old one signs for 24 h more. */
export const POST = dashboardRoute<{ id: string }>("webhooks:manage", async ({ req, params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const rotated = await rotateWebhookSecret(db, session.merchant.id, id);
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "webhook_endpoint.secret_rotated",
    target: {
      kind: "webhook_endpoint",
      id,
    },
  });
  return json(rotated);
});
