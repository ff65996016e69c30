import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentSubmissions } from "@/db/schema";
import { markSent } from "@/lib/submissions/mark-sent";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { seedRecordedRelay } from "../support/seed";

const CHAIN = "eip155:31337";

const recorded = (merchantId: string) => seedRecordedRelay(merchantId, { chainId: CHAIN });

/** Confirms that sent at the same time note it in one statement (lib/submissions/mark-sent.ts). */
describe("marking sent transfers together", () => {
  it("marks each submission sent, with its own first look, in one statement", async () => {
    const { db } = testDb();
    const m = await newMerchant();
    const subs = await Promise.all([1, 2, 3].map(() => recorded(m.merchantId)));
    const stale = await recorded(m.merchantId);
    await Promise.all([
      ...subs.map((s, i) => markSent(db, { ...s, delaySeconds: i + 1 })),
      // Not the transaction on record (a replacement was recorded since): left alone.
      markSent(db, { paymentId: stale.paymentId, txHash: `0x${"0".repeat(64)}`, delaySeconds: 1 }),
    ]);
    const rows = await db
      .select()
      .from(paymentSubmissions)
      .where(
        inArray(
          paymentSubmissions.paymentId,
          [...subs, stale].map((s) => s.paymentId),
        ),
      );
    const byId = new Map(rows.map((r) => [r.paymentId, r]));
    const sentAt = subs.map((s) => byId.get(s.paymentId)!.sentAt!.getTime());
    // One statement: one now().
    expect(new Set(sentAt).size).toBe(1);
    for (const [i, s] of subs.entries()) {
      const row = byId.get(s.paymentId)!;
      expect(row.nextCheckAt.getTime() - row.sentAt!.getTime()).toBe((i + 1) * 1000);
    }
    expect(byId.get(stale.paymentId)!.sentAt).toBeNull();
  });
});
