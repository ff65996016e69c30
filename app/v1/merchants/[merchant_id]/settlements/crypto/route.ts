import { readJson } from "@/lib/http/read-json";
import { partnerRoute } from "@/lib/http/partner-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { addSettlementDestinations } from "@/lib/merchants/add-settlement-destinations";
import { requiredIdempotencyKey } from "@/lib/merchants/platform-request";
import { addSettlementsBody } from "@/lib/merchants/platform-schemas";

/** Platform API: set crypto settlement destinations for assets that have none. Idempotency-Key required. */
export const POST = partnerRoute<{ merchant_id: string }>(async ({ req, params, db, partner }) => {
  const key = requiredIdempotencyKey(req.headers);
  const body = parseOrThrow(addSettlementsBody, await readJson(req));
  const answer = await addSettlementDestinations(db, {
    partnerId: partner.id,
    merchantId: params.merchant_id,
    body,
    idempotencyKey: key,
  });
  return json(answer.body, answer.status, answer.replayed ? { "idempotent-replayed": "true" } : undefined);
});
