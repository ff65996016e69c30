import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentEvents, payments, webhookEvents } from "@/db/schema";
import { transitionEach } from "@/lib/payments/transition";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { paid, seedPayment } from "../support/seed";

const CHAIN = "eip155:31337";
/** Transaction hashes are unique per chain: this run's own. */
const RUN = Math.random().toString(16).slice(2, 10);

async function rowOf(id: string) {
  const [row] = await testDb().db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/**
 * The settlement watcher's group commit settles a pass's payments in one statement
 * (lib/settlement/finish-settled.ts): each row must get its own values, the guard must hold per row,
 * and the triggers (events, webhooks) must fire for each row as they do for one.
 */
describe("transitionEach: one guarded UPDATE for many payments", () => {
  it("gives each payment its own values and keeps the guard per row", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const processing = await Promise.all(
      ["0xb1", "0xb2", "0xb3"].map((b) => seedPayment(m.merchantId, { ...paid(b, CHAIN), status: "processing" })),
    );
    const pending = await seedPayment(m.merchantId, { status: "pending" });
    const changed = await transitionEach(db, {
      name: "settle",
      rows: [...processing, pending].map((id, i) => ({ id, changes: { txHash: `0xeach${RUN}${i}` } })),
    });
    expect(changed.map((r) => r.id).sort()).toEqual([...processing].sort());
    for (const row of changed) expect(row.finalizedAt).toBeInstanceOf(Date);
    for (const [i, id] of processing.entries())
      expect(await rowOf(id)).toMatchObject({ status: "succeeded", txHash: `0xeach${RUN}${i}` });
    // Not in a from-status of `settle`: left as it stands.
    expect(await rowOf(pending)).toMatchObject({ status: "pending", txHash: null });
    // The triggers ran for each row: its status event and both webhook events.
    const events = await db.select().from(paymentEvents).where(inArray(paymentEvents.paymentId, processing));
    expect(events.filter((e) => e.status === "succeeded")).toHaveLength(3);
    const hooks = await db.select().from(webhookEvents).where(inArray(webhookEvents.paymentId, processing));
    expect(hooks.filter((e) => e.type === "payment.succeeded")).toHaveLength(3);
    expect(hooks.filter((e) => e.type === "payment.settled")).toHaveLength(3);
  });

  it("of two batches racing on the same payments, each payment is settled once", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        seedPayment(m.merchantId, { ...paid(`0xc${i}`, CHAIN), status: "processing" }),
      ),
    );
    // In opposite orders: the guard, re-checked under each row's lock, lets one batch have each payment.
    const [a, b] = await Promise.all([
      db.transaction((tx) =>
        transitionEach(tx, {
          name: "settle",
          rows: ids.map((id, i) => ({ id, changes: { txHash: `0xa${RUN}${i}` } })),
        }),
      ),
      db.transaction((tx) =>
        transitionEach(tx, {
          name: "settle",
          rows: [...ids].reverse().map((id, i) => ({ id, changes: { txHash: `0xb${RUN}${i}` } })),
        }),
      ),
    ]);
    expect(a.length + b.length).toBe(ids.length);
    expect(new Set([...a, ...b].map((r) => r.id)).size).toBe(ids.length);
  });

  it("carries values of every column type: amounts past 2^64 and times, exactly", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const ids = await Promise.all(
      ["0xe1", "0xe2"].map((b) => seedPayment(m.merchantId, { ...paid(b, CHAIN), status: "succeeded" })),
    );
    const at = new Date("2026-12-07T12:34:56.789Z");
    const changed = await transitionEach(db, {
      name: "note",
      rows: ids.map((id, i) => ({
        id,
        changes: {
          exception: "paid_late",
          receivedAmount: `${123456789012345678901234567890n + BigInt(i)}`,
          resolvedAt: at,
        },
      })),
    });
    expect(changed).toHaveLength(2);
    for (const [i, id] of ids.entries())
      expect(await rowOf(id)).toMatchObject({
        status: "succeeded",
        exception: "paid_late",
        receivedAmount: `${123456789012345678901234567890n + BigInt(i)}`,
        resolvedAt: at,
      });
  });

  it("refuses rows that set different columns", async () => {
    const { db } = testDb();
    await expect(
      transitionEach(db, {
        name: "settle",
        rows: [
          { id: "pay_x", changes: { txHash: "0x1" } },
          { id: "pay_y", changes: { txHash: "0x2", exception: "overpaid" } },
        ],
      }),
    ).rejects.toThrow(/same columns/);
  });
});
