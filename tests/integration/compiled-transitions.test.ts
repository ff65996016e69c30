import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compiledShapes } from "@/db/compiled-statement";
import { payments } from "@/db/schema";
import { transitionPayment } from "@/lib/payments/transition";
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
 * A transition by id runs a statement built once per shape (db/compiled-statement.ts): each call must
 * still carry its own values, keep the guard, and run on the connection it was given.
 */
describe("transitions built once per shape", () => {
  it("carries each call's own values, not the first call's", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const ids = await Promise.all(
      ["0xa1", "0xa2", "0xa3"].map((b) => seedPayment(m.merchantId, { ...paid(b, CHAIN), status: "processing" })),
    );
    const before = compiledShapes();
    for (const [i, id] of ids.entries()) {
      const row = await transitionPayment(db, {
        name: "settle",
        target: { id },
        changes: { txHash: `0xfeed${RUN}${i}` },
      });
      expect(row).toMatchObject({ id, status: "succeeded", txHash: `0xfeed${RUN}${i}` });
      expect(row!.finalizedAt).toBeInstanceOf(Date);
    }
    for (const [i, id] of ids.entries())
      expect(await rowOf(id)).toMatchObject({ status: "succeeded", txHash: `0xfeed${RUN}${i}` });
    // One shape, three calls: built at most once (another test file may have built it already).
    expect(compiledShapes() - before).toBeLessThanOrEqual(1);
  });

  it("keeps the guard: a payment not in a from-status is left alone", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const pending = await seedPayment(m.merchantId, { status: "pending" });
    expect(await transitionPayment(db, { name: "settle", target: { id: pending }, changes: { txHash: "0xno" } })).toBe(
      undefined,
    );
    expect(await rowOf(pending)).toMatchObject({ status: "pending", txHash: null });
  });

  it("matches the merchant when the target names one", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const { db } = testDb();
    const id = await seedPayment(m.merchantId, { status: "pending" });
    const cancel = (merchantId: string) =>
      transitionPayment(db, {
        name: "cancel",
        target: { id, merchantId },
        changes: { cancelReason: "cancelled_by_merchant" },
      });
    expect(await cancel(other.merchantId)).toBe(undefined);
    expect(await cancel(m.merchantId)).toMatchObject({
      id,
      status: "cancelled",
      cancelReason: "cancelled_by_merchant",
    });
  });

  it("commits only a payment that expires after the given time", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const live = await seedPayment(m.merchantId, { status: "pending" });
    const lapsed = await seedPayment(m.merchantId, { status: "pending", expiresAt: new Date(Date.now() - 1000) });
    const commit = (id: string) =>
      transitionPayment(db, { name: "commit", target: { id, expiresAfter: new Date() }, changes: { walletName: "W" } });
    expect(await commit(lapsed)).toBe(undefined);
    expect(await rowOf(lapsed)).toMatchObject({ status: "pending", walletName: null });
    expect(await commit(live)).toMatchObject({ id: live, status: "processing", walletName: "W" });
  });

  it("maps each value through its column (a time, a null) as the builder does", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const id = await seedPayment(m.merchantId, { ...paid("0xb1", CHAIN), refundTxHash: "0xold" });
    const at = new Date("2026-12-01T10:00:00.000Z");
    const row = await transitionPayment(db, {
      name: "refund",
      target: { id },
      changes: { refundedAt: at, refundedBy: "api", refundTxHash: null },
    });
    expect(row).toMatchObject({ status: "succeeded", refundedBy: "api", refundTxHash: null });
    expect(row!.refundedAt!.toISOString()).toBe(at.toISOString());
    expect((await rowOf(id)).refundedAt!.toISOString()).toBe(at.toISOString());
  });

  it("runs on the transaction it is given: rolled back with it", async () => {
    const m = await newMerchant();
    const { db } = testDb();
    const id = await seedPayment(m.merchantId, { ...paid("0xc1", CHAIN), status: "processing" });
    const seeded = await rowOf(id);
    // Built on the pool first, so the transaction's call reuses the built statement.
    const warm = await seedPayment(m.merchantId, { ...paid("0xc2", CHAIN), status: "processing" });
    await transitionPayment(db, { name: "settle", target: { id: warm }, changes: { txHash: `0xwarm${RUN}` } });
    const rollback = new Error("roll back");
    await expect(
      db.transaction(async (tx) => {
        const row = await transitionPayment(tx, { name: "settle", target: { id }, changes: { txHash: `0xtx${RUN}` } });
        expect(row).toMatchObject({ status: "succeeded", txHash: `0xtx${RUN}` });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await rowOf(id)).toMatchObject({ status: "processing", txHash: seeded.txHash });
  });
});
