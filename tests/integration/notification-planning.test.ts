import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationSends, webhookEvents } from "@/db/schema";
import { createUser } from "@/lib/dashboard/create-user";
import { planExceptionNotices } from "@/lib/notifications/plan-exception-notices";
import { newMerchant } from "../support/api";
import { testDb } from "../support/db";
import { seedPayment } from "../support/seed";
import { uniqueEmail } from "../support/unique-email";

// The notifier plans exception emails from the outbox a batch at a time. Merchants made over the API
// have no dashboard user, so nobody to tell: their exceptions must not fill every batch and keep a
// merchant with a team from ever hearing of its own.

/** An exception event in the outbox for a payment of `merchantId`, `ageMs` old, with the payment's real snapshot. */
async function exceptionEvent(merchantId: string, ageMs: number): Promise<string> {
  const { db } = testDb();
  const paymentId = await seedPayment(merchantId);
  const [created] = await db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, paymentId));
  const id = `evt_${randomUUID().replaceAll("-", "")}`; // as the outbox trigger names them
  await db.insert(webhookEvents).values({
    id,
    merchantId,
    paymentId,
    type: "payment.paid_late",
    stateVersion: created!.stateVersion + 1,
    snapshot: created!.snapshot,
    createdAt: new Date(Date.now() - ageMs),
  });
  return id;
}

describe("planning exception emails", () => {
  it("a hundred older exceptions of merchants with nobody to tell do not hold back a team's own", async () => {
    const { db } = testDb();
    const apiOnly = await newMerchant("API-only shop");
    const flood: string[] = [];
    for (let i = 0; i < 101; i++) flood.push(await exceptionEvent(apiOnly.merchantId, 2 * 24 * 3600_000 - i * 1000));
    const team = await newMerchant("Shop with a team");
    await createUser(db, {
      merchantId: team.merchantId,
      email: uniqueEmail("owner"),
      password: "a long enough password 1",
    });
    const ours = await exceptionEvent(team.merchantId, 0);
    try {
      // Twice, as two ticks of the job would (the server's own notifier may plan it first: same rows).
      await planExceptionNotices(db);
      await planExceptionNotices(db);
      const planned = await db.select().from(notificationSends).where(eq(notificationSends.eventId, ours));
      expect(planned).toHaveLength(1);
      expect(planned[0]).toMatchObject({ merchantId: team.merchantId, status: "pending", kind: "payment_exceptions" });
    } finally {
      await db.delete(notificationSends).where(inArray(notificationSends.eventId, [...flood, ours]));
      await db
        .delete(webhookEvents)
        .where(and(inArray(webhookEvents.id, [...flood, ours]), eq(webhookEvents.type, "payment.paid_late")));
    }
  });
});
