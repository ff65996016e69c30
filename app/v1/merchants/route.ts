import { partnerRoute } from "@/lib/http/partner-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { createPlatformMerchant } from "@/lib/merchants/create-platform-merchant";
import { listPlatformMerchants } from "@/lib/merchants/list-platform-merchants";
import { readPlatformBody, requiredIdempotencyKey } from "@/lib/merchants/platform-request";
import { createMerchantBody, listMerchantsQuery } from "@/lib/merchants/platform-schemas";

/** Platform API: create a merchant owned by the partner whose key this is. Idempotency-Key required. */
export const POST = partnerRoute(async ({ req, db, partner }) => {
  const key = requiredIdempotencyKey(req.headers);
  const body = parseOrThrow(createMerchantBody, await readPlatformBody(req));
  const answer = await createPlatformMerchant(db, { partnerId: partner.id, body, idempotencyKey: key });
  return json(answer.body, answer.status, answer.replayed ? { "idempotent-replayed": "true" } : undefined);
});

/** Platform API: the partner's merchants, newest first, paged by nextCursor. */
export const GET = partnerRoute(async ({ req, db, partner }) => {
  const query = parseOrThrow(listMerchantsQuery, Object.fromEntries(new URL(req.url).searchParams), "Query");
  return json(await listPlatformMerchants(db, partner.id, query));
});
