import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "@/db/schema";
import { toListingStatus } from "@/lib/listings/listing-status";
import { isFinalStatus, toContractStatus, toSpec31Status } from "@/lib/payments/status";

describe("one stored status, three vocabularies at the edges", () => {
  it("the public contract says requires_action for pending and keeps cancelled", () => {
    expect(PAYMENT_STATUSES.map(toContractStatus)).toEqual([
      "requires_action",
      "processing",
      "succeeded",
      "failed",
      "expired",
      "cancelled",
    ]);
  });

  it("spec 3.1 (seed routes) and spec 3.2 (deprecated listing) have no cancelled: it reads failed", () => {
    expect(PAYMENT_STATUSES.map(toSpec31Status)).toEqual([
      "pending",
      "processing",
      "succeeded",
      "failed",
      "expired",
      "failed",
    ]);
    expect(PAYMENT_STATUSES.map(toListingStatus)).toEqual([
      "requires_action",
      "processing",
      "succeeded",
      "failed",
      "expired",
      "failed",
    ]);
  });

  it("a cancelled payment is final", () => {
    expect(PAYMENT_STATUSES.filter(isFinalStatus)).toEqual(["succeeded", "failed", "expired", "cancelled"]);
  });
});
