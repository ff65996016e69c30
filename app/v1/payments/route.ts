import { json } from "@/lib/http/route";
import { idempotencyKeyOf } from "@/lib/http/idempotency-key";
import { inContractTerms } from "@/lib/http/contract-errors";
import { listingRoute } from "@/lib/http/listing-route";
import { answerMerchantPayments } from "@/lib/listings/answer-merchant-payments";
import { merchantRoute } from "@/lib/http/merchant-route";
import { readJson } from "@/lib/http/read-json";
import { parseOrThrow } from "@/lib/errors/validate";
import { toContractCreateView } from "@/lib/payments/contract-views";
import { createPayment } from "@/lib/payments/create-payment";
import { createPaymentBody } from "@/lib/payments/schemas";

/** Create payment in the public contract's vocabulary (`requires_action`); same body and idempotency as POST /v1/merchant/payment. */
export const POST = merchantRoute(
  ["payments:create"],
  async ({ req, db, merchant }) => {
    const body = parseOrThrow(createPaymentBody, await readJson(req));
    const { payment, replayed } = await createPayment(db, {
      merchant,
      body,
      idempotencyKey: idempotencyKeyOf(req.headers),
      origin: { createdByKeyId: merchant.keyId },
    });
    return json(toContractCreateView(payment), 201, replayed ? { "idempotent-replayed": "true" } : undefined);
  },
  { mapError: (err) => inContractTerms(err, "create") },
);

/** The authenticated merchant's payments (the contract's PartnerPayments_list): the key names its merchant, `merchantId` filters. */
export const GET = listingRoute(
  { merchantIdRequired: false, scopes: ["payments:read"] },
  async ({ req, db, merchant }) => {
    const searchParams = new URL(req.url).searchParams;
    const { page, headers } = await answerMerchantPayments(db, { merchant, searchParams, merchantFilter: true });
    return json(page, 200, headers);
  },
);
