import { dashboardRoute } from "@/lib/dashboard/dashboard-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { endpointParams, testEventBody } from "@/lib/webhooks/webhook-api-schemas";

/** Queue a sample event of the chosen type for this endpoint. */
export const POST = dashboardRoute<{ id: string }>("webhooks:manage", async ({ req, params, db, session }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const { type } = parseOrThrow(testEventBody, await readJson(req));
  return json(await sendTestWebhook(db, { merchantId: session.merchant.id, endpointId: id, type }), 202);
});
