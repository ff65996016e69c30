import type { PaymentStatus } from "@/db/schema";

/** Listing and gateway vocabulary (spec 3.2): `requires_action` stands where merchants see `pending`. */
export const LISTING_STATUSES = ["requires_action", "processing", "succeeded", "failed", "expired"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export function toListingStatus(status: PaymentStatus): ListingStatus {
  return status === "pending" ? "requires_action" : status;
}
