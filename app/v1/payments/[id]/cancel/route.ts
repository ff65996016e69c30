import { getDb } from "@/db/client";
import { authenticateMerchant } from "@/lib/auth/authenticate-merchant";
import { json, route } from "@/lib/http/route";
import { cancelPayment } from "@/lib/payments/cancel-payment";

/** The merchant cancels its own payment while it still requires action (reason `cancelled_by_merchant`). */
export const POST = route<{ id: string }>(async ({ req, params }) => {
  const db = await getDb();
  const merchant = await authenticateMerchant(db, req.headers);
  return json(await cancelPayment(db, params.id, "cancelled_by_merchant", merchant.id));
});
