import { actorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { createEndpointBody } from "@/lib/webhooks/webhook-api-schemas";

/** Add an endpoint for the signed-in merchant; its secret is in this answer, to be shown once. */
export const POST = dashboardRoute("webhooks:manage", async ({ req, db, session }) => {
  const body = parseOrThrow(createEndpointBody, await readJson(req));
  const endpoint = await createWebhookEndpoint(db, session.merchant.id, body);
  await recordAuditEvent(db, {
    actor: actorOf(session, req),
    action: "webhook_endpoint.created",
    target: { kind: "webhook_endpoint", id: endpoint.id },
    details: { url: endpoint.url },
  });
  return json(endpoint, 201);
});
