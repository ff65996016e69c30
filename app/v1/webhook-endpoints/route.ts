import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import { createEndpointBody } from "@/lib/webhooks/webhook-api-schemas";

/** Register an endpoint; its signing secret is in this answer and shown nowhere else. */
export const POST = merchantRoute(["webhooks:manage"], async ({ req, db, merchant }) => {
  const body = parseOrThrow(createEndpointBody, await readJson(req));
  return json(await createWebhookEndpoint(db, merchant.id, body), 201);
});

/** The merchant's endpoints (never their secrets). */
export const GET = merchantRoute(["webhooks:manage"], async ({ db, merchant }) =>
  json({ data: await listWebhookEndpoints(db, merchant.id) }),
);
