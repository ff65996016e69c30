import { cancelPayment } from "@/lib/payments/cancel-payment";
import { paymentIdFromPath } from "@/lib/gateway/payment-id-from-path";
import { ApiError } from "@/lib/errors/api-error";
import { dbRoute } from "@/lib/http/db-route";
import { json } from "@/lib/http/route";

/** The buyer cancels from the checkout or the wallet (reason `cancelled_by_user`); rate-limited per client like the other gateway writes. */
export const POST = dbRoute<{ id: string }>(
  async ({ params, db }) => {
    const id = paymentIdFromPath(params.id);
    if (!id) throw new ApiError("payment_not_found", "No such payment");
    return json(await cancelPayment(db, { paymentId: id, reason: "cancelled_by_user" }));
  },
  { rateLimit: "gateway_cancel" },
);
