import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { createPaymentFromRequest } from "@/lib/payments/create-payment-request";
import { toPaymentView } from "@/lib/payments/payment-view";

/** Create payment (spec 4.1), answered in spec 3.1's vocabulary (`pending`). The contract's route is POST /v1/payments. */
export const POST = dbRoute(async ({ req, db }) => {
  const { payment, replayed } = await createPaymentFromRequest(db, req, "spec");
  return json(toPaymentView(payment), 201, replayed ? { "idempotent-replayed": "true" } : undefined);
});
