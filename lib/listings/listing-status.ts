import type { PaymentStatus } from "@/db/schema";

/**
 * The deprecated listing's vocabulary (spec 3.2): `requires_action` stands where merchants see
 * `pending`, and, as it has no `cancelled`, a cancelled payment reads `failed`.
 */
export const LISTING_STATUSES = ["requires_action", "processing", "succeeded", "failed", "expired"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export function toListingStatus(status: PaymentStatus): ListingStatus {
  if (status === "pending") return "requires_action";
  return status === "cancelled" ? "failed" : status;
}
