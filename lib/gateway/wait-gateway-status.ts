import type { Db } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { withStatusWait } from "@/lib/payments/status-changes";
import { toGatewayStatus } from "./gateway-views";
import { loadGatewayPaymentOrThrow } from "./load-gateway-payment";
import { paymentIdFromPath } from "./payment-id-from-path";

/**
 * The gateway status of the payment a path names, held up to `maxPollMs` until it is final (long
 * poll; 0 answers at once). Wallets, the checkout and confirm's `?maxPollMs` all wait this way.
 */
export function waitGatewayStatus(db: Db, pathId: string, maxPollMs: number) {
  const paymentId = paymentIdFromPath(pathId);
  if (!paymentId) throw new ApiError("payment_not_found", "No such payment");
  const read = async () => toGatewayStatus(await loadGatewayPaymentOrThrow(db, pathId));
  return withStatusWait({ paymentId, maxPollMs, read, isFinal: (v) => v.isFinal });
}
