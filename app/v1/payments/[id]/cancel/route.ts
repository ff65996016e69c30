import { merchantRoute } from "@/lib/http/merchant-route";
import { json } from "@/lib/http/route";
import { cancelPayment } from "@/lib/payments/cancel-payment";

/** The merchant cancels its own payment while it still requires action (reason `cancelled_by_merchant`). */
export const POST = merchantRoute<{ id: string }>(["payments:write"], async ({ params, db, merchant }) => {
  return json(
    await cancelPayment(db, { paymentId: params.id, reason: "cancelled_by_merchant", merchantId: merchant.id }),
  );
});
