import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";
import { serveMerchantPayments } from "@/lib/listings/serve-merchant-payments";
import { toContractCreateView } from "@/lib/payments/contract-views";
import { createPaymentFromRequest } from "@/lib/payments/create-payment-request";

/** Create payment in the public contract's vocabulary (`requires_action`); same body and idempotency as POST /v1/merchant/payment. */
export const POST = dbRoute(async ({ req, db }) => {
  const { payment, replayed } = await createPaymentFromRequest(db, req, "contract");
  return json(toContractCreateView(payment), 201, replayed ? { "idempotent-replayed": "true" } : undefined);
});

/** The authenticated merchant's payments (the contract's PartnerPayments_list), as GET /v1/merchants/payments answers them. */
export const GET = serveMerchantPayments({ partner: true });
