import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { idempotencyKeyOf } from "@/lib/http/idempotency-key";
import { createPosCharge } from "@/lib/pos/create-pos-charge";
import { posChargeBody } from "@/lib/pos/pos-schemas";

/** A sale at the counter: the payment and its payment requests (the QR codes), in one call. */
export const POST = merchantRoute(["payments:create"], async ({ req, db, merchant }) => {
  const { amount } = parseOrThrow(posChargeBody, await readJson(req));
  const { charge, replayed } = await createPosCharge(db, {
    merchant,
    amountMinor: amount,
    idempotencyKey: idempotencyKeyOf(req.headers),
  });
  return json(charge, replayed ? 200 : 201, replayed ? { "idempotent-replayed": "true" } : undefined);
});
