import { inContractTerms } from "@/lib/http/contract-errors";
import { readJson } from "@/lib/http/read-json";
import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/errors/validate";
import { refundBody, refundPayment } from "@/lib/payments/refund-payment";

/** Mark a succeeded payment refunded (bookkeeping: the merchant refunded the buyer itself). */
export const POST = merchantRoute(
  ["refunds:write"],
  async ({ req, db, merchant }) => {
    const { paymentId } = parseOrThrow(refundBody, await readJson(req));
    const refunded = await refundPayment(db, {
      merchantId: merchant.id,
      paymentId,
      refundedBy: `api_key:${merchant.keyId}`,
    });
    return json({ paymentId: refunded.id });
  },
  { mapError: (err) => inContractTerms(err, "refund") },
);
