import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { paymentSnapshotSchema } from "@/lib/webhooks/payment-snapshot";
import { renderEvent } from "@/lib/webhooks/render-event";
import { samplePaymentSnapshot } from "@/lib/webhooks/sample-payment-snapshot";

// Which stage objects a real event of each type carries (the reference's table, "maybe" resolved as
// its fixtures do: failed before the buyer committed, expired after), plus our additive ones.
const STAGES: Record<string, { status: string; set: string[] }> = {
  "payment.created": { status: "requires_action", set: [] },
  "payment.processing": { status: "processing", set: ["processing"] },
  "payment.succeeded": { status: "succeeded", set: ["processing", "success"] },
  "payment.settled": { status: "succeeded", set: ["processing", "success", "settled"] },
  "payment.failed": { status: "failed", set: ["failed"] },
  "payment.expired": { status: "expired", set: ["processing", "expired"] },
  "payment.cancelled": { status: "cancelled", set: ["cancelled"] },
  "payment.refunded": { status: "succeeded", set: ["processing", "success", "settled", "refunded"] },
  "payment.paid_late": { status: "expired", set: ["processing", "expired", "exception"] },
  "payment.underpaid": { status: "failed", set: ["processing", "failed", "exception"] },
  "payment.overpaid": { status: "failed", set: ["processing", "failed", "exception"] },
  "payment.duplicate": { status: "succeeded", set: ["processing", "success", "settled", "exception"] },
  "payment.reorged": { status: "succeeded", set: ["processing", "success", "settled", "exception"] },
  "payment.stuck": { status: "failed", set: ["processing", "failed", "exception"] },
};
const STAGE_KEYS = ["processing", "success", "failed", "cancelled", "expired", "settled", "refunded", "exception"];

describe("test events' sample payments", () => {
  it.each([...WEBHOOK_EVENT_TYPES])("%s renders like a real payment of that type", (type) => {
    const snapshot = samplePaymentSnapshot("mer_sample", type);
    expect(paymentSnapshotSchema.safeParse(snapshot).success).toBe(true);
    const body = renderEvent({ id: "evt_x", type, stateVersion: 0, live: false, createdAt: new Date(), snapshot });
    const data = body.data as Record<string, unknown>;
    expect(data.status).toBe(STAGES[type]!.status);
    expect(data.live).toBe(false);
    expect(data.merchant_id).toBe("mer_sample");
    expect(STAGE_KEYS.filter((k) => data[k] !== null)).toEqual(STAGES[type]!.set);
    // A timestamp that does not parse would render as null or throw; every one is an ISO string.
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("the buyer is a CAIP-10 account once, as real payments store it", () => {
    const snapshot = samplePaymentSnapshot("mer_sample", "payment.succeeded");
    const body = renderEvent({
      id: "evt_x",
      type: "payment.succeeded",
      stateVersion: 0,
      live: false,
      createdAt: new Date(),
      snapshot,
    });
    expect((body.data as { processing: { buyer_caip10: string } }).processing.buyer_caip10).toBe(
      "eip155:8453:0x1111111111111111111111111111111111111111",
    );
  });
});
