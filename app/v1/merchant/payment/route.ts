import { getDb } from "@/db/client";
import { authenticateMerchant } from "@/lib/auth/authenticate-merchant";
import { ApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/read-json";
import { json, route } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/http/validate";
import { createPayment } from "@/lib/payments/create-payment";
import { toPaymentView } from "@/lib/payments/payment-view";
import { createPaymentBody } from "@/lib/payments/schemas";

/** Create payment (spec 4.1). Alias: POST /v1/payments. */
export const POST = route(async ({ req }) => {
  const db = await getDb();
  const merchant = await authenticateMerchant(db, req.headers);
  const body = parseOrThrow(createPaymentBody, await readJson(req));
  const { payment, replayed } = await createPayment(db, merchant, body, idempotencyKey(req.headers));
  return json(toPaymentView(payment), 201, replayed ? { "idempotent-replayed": "true" } : undefined);
});

function idempotencyKey(headers: Headers): string | undefined {
  const key = headers.get("idempotency-key");
  if (key === null) return undefined;
  if (key.length < 1 || key.length > 255) {
    throw new ApiError("invalid_params", "Idempotency-Key must be 1 to 255 characters");
  }
  return key;
}
