import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { paymentSnapshotSchema } from "@/lib/webhooks/payment-snapshot";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { paid, seedPayment } from "../support/seed";

// The webhook payload is rendered from a snapshot the outbox trigger writes in SQL
// (webhook_payment_snapshot, migration 0017). The zod schema is the one description of its fields:
// this holds the SQL function's keys and types to it, for a fresh payment and a paid, refunded one.

async function snapshotOf(paymentId: string): Promise<Record<string, unknown>> {
  const [row] = await testDb().sql<{ snapshot: Record<string, unknown> }[]>`
    select webhook_payment_snapshot(p) as snapshot from payments p where p.id = ${paymentId}`;
  return row!.snapshot;
}

describe("the webhook snapshot's fields", () => {
  it("the SQL function writes exactly the schema's keys, each of the schema's type", async () => {
    const merchant = await newMerchant();
    const fresh = await seedPayment(merchant.merchantId);
    const settled = await seedPayment(merchant.merchantId, {
      ...paid("0x00000000000000000000000000000000000000c1"),
      exception: "overpaid",
      receivedAmount: "10000001",
      refundedAt: new Date(),
      // Unique per chain, and the database outlives a run (CI's second pass reuses it).
      refundTxHash: `0x${randomBytes(32).toString("hex")}`,
    });
    const expected = Object.keys(paymentSnapshotSchema.shape).sort();
    for (const id of [fresh, settled]) {
      const snapshot = await snapshotOf(id);
      expect(Object.keys(snapshot).sort()).toEqual(expected);
      expect(paymentSnapshotSchema.strict().safeParse(snapshot).error).toBeUndefined();
    }
    const settledSnapshot = paymentSnapshotSchema.parse(await snapshotOf(settled));
    expect(settledSnapshot).toMatchObject({ status: "succeeded", exception: "overpaid", received_amount: "10000001" });
  });
});
