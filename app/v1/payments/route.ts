import { getDb } from "@/db/client";
import { json, route } from "@/lib/http/route";
import { toContractCreateView } from "@/lib/payments/contract-views";
import { createPaymentFromRequest } from "@/lib/payments/create-payment-request";

/** Create payment in the public contract's vocabulary (`requires_action`); same body and idempotency as POST /v1/merchant/payment. */
export const POST = route(async ({ req }) => {
  const { payment, replayed } = await createPaymentFromRequest(await getDb(), req);
  return json(toContractCreateView(payment), 201, replayed ? { "idempotent-replayed": "true" } : undefined);
});
