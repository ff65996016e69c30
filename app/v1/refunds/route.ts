import { getDb } from "@/db/client";
import { authenticateMerchant } from "@/lib/auth/authenticate-merchant";
import { inContractTerms } from "@/lib/http/contract-errors";
import { readJson } from "@/lib/http/read-json";
import { json, route } from "@/lib/http/route";
import { parseOrThrow } from "@/lib/http/validate";
import { refundBody, refundPayment } from "@/lib/payments/refund-payment";

/** Mark a succeeded payment refunded (bookkeeping: the merchant refunded the buyer itself). */
export const POST = route(async ({ req }) => {
  const db = await getDb();
  try {
    const merchant = await authenticateMerchant(db, req.headers);
    const { paymentId } = parseOrThrow(refundBody, await readJson(req));
    const refunded = await refundPayment(db, merchant.id, paymentId, `api_key:${merchant.keyId}`);
    return json({ paymentId: refunded.id });
  } catch (err) {
    throw inContractTerms(err, "refund");
  }
});
