import { ApiError } from "@/lib/errors/api-error";
import type { PaymentStatus } from "@/db/schema";

/** Options and fetch need a payment still waiting for the buyer: expired is 410, anything else 409. */
export function assertPayable(status: PaymentStatus): void {
  if (status === "expired") throw new ApiError("payment_expired", "This payment has expired");
  if (status !== "pending") throw new ApiError("invalid_state", `This payment is already ${status}`);
}
