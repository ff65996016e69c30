import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "@/db/schema";
import { api, createPaymentRequest, newMerchant, usd } from "../support/api";
import { testDb } from "../support/db";
import { gw } from "../support/gateway";

async function newPaymentId() {
  const merchant = await newMerchant();
  const { paymentId } = await (await createPaymentRequest(merchant, usd("100"))).json();
  return { merchant, paymentId: paymentId as string };
}

// drizzle queries run when awaited or executed: execute() so a timer can fire one.
const setStatus = (id: string, status: "failed" | "processing") =>
  testDb().db.update(payments).set({ status }).where(eq(payments.id, id)).execute();

describe("long-polling with maxPollMs (PostgreSQL LISTEN/NOTIFY)", () => {
  it("the merchant status answers as soon as the status changes, not when the budget runs out", async () => {
    const { merchant, paymentId } = await newPaymentId();
    const started = Date.now();
    const pending = api(`/v1/merchant/payment/${paymentId}/status?maxPollMs=10000`, { merchant });
    setTimeout(() => void setStatus(paymentId, "failed"), 500);
    const body = await (await pending).json();
    const elapsed = Date.now() - started;
    expect(body).toEqual({ status: "failed", isFinal: true, pollInMs: null });
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(4000);
  });

  it("answers with the unchanged status once maxPollMs has passed", async () => {
    const { merchant, paymentId } = await newPaymentId();
    const started = Date.now();
    const body = await (await api(`/v1/merchant/payment/${paymentId}/status?maxPollMs=800`, { merchant })).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(body).toMatchObject({ status: "pending", isFinal: false });
  });

  it("answers at once when the payment is already final", async () => {
    const { merchant, paymentId } = await newPaymentId();
    await setStatus(paymentId, "failed");
    const started = Date.now();
    await api(`/v1/merchant/payment/${paymentId}/status?maxPollMs=10000`, { merchant });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("the gateway status long-polls the same way", async () => {
    const { paymentId } = await newPaymentId();
    const started = Date.now();
    const pending = gw(paymentId, "/status?maxPollMs=10000");
    setTimeout(() => void setStatus(paymentId, "processing"), 400);
    expect(await (await pending).json()).toMatchObject({ status: "processing", isFinal: false });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("refuses a maxPollMs that is not a whole number", async () => {
    const { merchant, paymentId } = await newPaymentId();
    const res = await api(`/v1/merchant/payment/${paymentId}/status?maxPollMs=soon`, { merchant });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("invalid_params");
  });
});
