import { merchantRoute } from "@/lib/http/merchant-route";
import { readOptionalJson } from "@/lib/http/read-optional-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { endpointParams, testEventBody } from "@/lib/webhooks/webhook-api-schemas";

/** Queue a sample event (`live: false`) for this endpoint; 202: the worker sends it. */
export const POST = merchantRoute<{ id: string }>(["webhooks:manage"], async ({ req, params, db, merchant }) => {
  const { id } = parseOrThrow(endpointParams, params, "Path");
  const { type } = parseOrThrow(testEventBody, await readOptionalJson(req));
  return json(await sendTestWebhook(db, { merchantId: merchant.id, endpointId: id, type }), 202);
});
