import { json } from "@/lib/http/route";
import { idempotencyKeyOf } from "@/lib/http/idempotency-key";
import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { parseOrThrow } from "@/lib/errors/validate";
import { createPayment } from "@/lib/payments/create-payment";
import { toPaymentView } from "@/lib/payments/payment-view";
import { createPaymentBody } from "@/lib/payments/schemas";

/** Create payment (spec 4.1), answered in spec 3.1's vocabulary (`pending`). The contract's route is POST /v1/payments. */
export const POST = merchantRoute(["payments:create"], async ({ req, db, merchant }) => {
  const body = parseOrThrow(createPaymentBody, await readJson(req));
  const { payment, replayed } = await createPayment(db, {
    merchant,
    body,
    idempotencyKey: idempotencyKeyOf(req.headers),
    origin: { createdByKeyId: merchant.keyId },
  });
  return json(toPaymentView(payment), 201, replayed ? { "idempotent-replayed": "true" } : undefined);
});
