import { eq } from "drizzle-orm";
import { chainTransfers, payments, webhookEvents } from "@/db/schema";
import { testDb } from "./db";

// What the ledger's tests read back from the shared test database after money moved on chain.

export async function paymentRow(paymentId: string) {
  const [row] = await testDb().db.select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}

/** The transfers the ledger recorded for a payment. */
export async function transfersOf(paymentId: string) {
  return testDb().db.select().from(chainTransfers).where(eq(chainTransfers.paymentId, paymentId));
}

/** The payment's webhook event types, in the order of its state versions. */
export async function eventTypes(paymentId: string): Promise<string[]> {
  const rows = await testDb()
    .db.select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.paymentId, paymentId))
    .orderBy(webhookEvents.stateVersion);
  return rows.map((r) => r.type);
}

/** Read until `done` holds or the time is up; the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}
