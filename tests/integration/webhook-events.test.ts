import { afterAll, describe, expect, inject, it } from "vitest";
import { api, type TestMerchant } from "../support/api";
import { chainMerchant, waitFinal } from "../support/gateway";
import { confirmAt, createPaymentAt, signWithDevnetBuyer } from "../support/pay-steps";
import type { RunningServer } from "../support/server";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { eventsOf, registerEndpoint, verifyWithBoth, type WebhookEvent } from "../support/webhooks";

// Every event of a payment's life reaches a real HTTP receiver, signed so that both receiver
// libraries merchants use (standardwebhooks, svix) verify it unchanged, numbered 0, 1, 2… by
// payment_state_version. Payments are paid on the devnet through the gateway, as a wallet would.

const server = { url: inject("baseUrl") } as RunningServer;
const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function listening(merchant: TestMerchant, events: string[] | null = null) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const endpoint = await registerEndpoint(merchant, receiver.url, events);
  return { receiver, secret: endpoint.secret };
}

async function eventsArrived(
  receiver: WebhookReceiver,
  { secret, count, paymentId }: { secret: string; count: number; paymentId: string },
): Promise<WebhookEvent[]> {
  const received = await receiver.waitFor(count, 45_000);
  return eventsOf(
    received.map((r) => verifyWithBoth(r, secret)),
    paymentId,
  );
}

const shape = (events: WebhookEvent[]) => events.map((e) => [e.type, e.data.payment_state_version, e.data.status]);

async function payWith(merchant: TestMerchant, namespace: "eip155" | "solana", value: string) {
  const paymentId = await createPaymentAt(server, merchant, value);
  const signed = await signWithDevnetBuyer(server, { paymentId, namespace, symbol: "USDC", buyerIndex: 1 });
  expect((await confirmAt(server, signed))?.status).toBe(200);
  expect((await waitFinal(paymentId, 45_000)).status).toBe("succeeded");
  return paymentId;
}

function expectPaidStages(events: WebhookEvent[], merchant: TestMerchant, chainPrefix: string) {
  for (const e of events) {
    expect(e).toMatchObject({
      api_version: "2026-05-18",
      data: { merchant_id: merchant.merchantId, live: true, amount: { unit: "iso4217/USD" } },
    });
    expect(e.id).toMatch(/^evt_/);
  }
  const [created, processing, succeeded, settled] = events as [WebhookEvent, WebhookEvent, WebhookEvent, WebhookEvent];
  expect(created.data).toMatchObject({ processing: null, success: null, settled: null });
  expect(processing.data.processing).toMatchObject({
    chain_caip2: expect.stringMatching(chainPrefix),
    buyer_caip10: expect.stringMatching(chainPrefix),
  });
  const tx = (succeeded.data.success as { tx_id: string }).tx_id;
  expect(tx).toBeTruthy();
  expect(succeeded.data.settled).toBeNull();
  // Funds went straight to the merchant: the settlement is the same transaction, for the amount paid.
  const option = (processing.data.processing as { option_amount: unknown }).option_amount;
  expect(settled.data.settled).toMatchObject({ tx_id: tx, amount: option });
}

describe("payment events reach the merchant's endpoint, verified by standardwebhooks and svix", () => {
  it("a paid EVM payment: created, processing, succeeded, settled (versions 0-3); a filtered endpoint gets only its type", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { receiver, secret } = await listening(merchant);
    const onlySucceeded = await listening(merchant, ["payment.succeeded"]);
    const paymentId = await payWith(merchant, "eip155", "1201");

    const events = await eventsArrived(receiver, { secret, count: 4, paymentId });
    expect(shape(events)).toEqual([
      ["payment.created", 0, "requires_action"],
      ["payment.processing", 1, "processing"],
      ["payment.succeeded", 2, "succeeded"],
      ["payment.settled", 3, "succeeded"],
    ]);
    expectPaidStages(events, merchant, "eip155:");
    const filtered = await eventsArrived(onlySucceeded.receiver, { secret: onlySucceeded.secret, count: 1, paymentId });
    expect(shape(filtered)).toEqual([["payment.succeeded", 2, "succeeded"]]);
  });

  it("a paid Solana payment: created, processing, succeeded, settled", async () => {
    const merchant = await chainMerchant({ solana: true });
    const { receiver, secret } = await listening(merchant);
    const paymentId = await payWith(merchant, "solana", "1202");

    const events = await eventsArrived(receiver, { secret, count: 4, paymentId });
    expect(shape(events).map(([type, version]) => [type, version])).toEqual([
      ["payment.created", 0],
      ["payment.processing", 1],
      ["payment.succeeded", 2],
      ["payment.settled", 3],
    ]);
    expectPaidStages(events, merchant, "solana:");
  });

  it("an expired payment: created, expired", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { receiver, secret } = await listening(merchant);
    const res = await api("/v1/merchant/payment", {
      method: "POST",
      merchant,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        amount: { unit: "iso4217/USD", value: "1203" },
        referenceId: "expires-soon",
        expiresAt: Math.floor(Date.now() / 1000) + 3,
      }),
    });
    expect(res.status).toBe(201);
    const { paymentId } = (await res.json()) as { paymentId: string };

    const events = await eventsArrived(receiver, { secret, count: 2, paymentId });
    expect(shape(events)).toEqual([
      ["payment.created", 0, "requires_action"],
      ["payment.expired", 1, "expired"],
    ]);
    expect(events[1]!.data.expired).toMatchObject({ expired_at: expect.any(String) });
    expect(events[1]!.data.processing).toBeNull();
  });

  it("a cancelled payment: created, cancelled, with the reason in words", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { receiver, secret } = await listening(merchant);
    const paymentId = await createPaymentAt(server, merchant, "1204");
    expect((await api(`/v1/payments/${paymentId}/cancel`, { method: "POST", merchant })).status).toBe(200);

    const events = await eventsArrived(receiver, { secret, count: 2, paymentId });
    expect(shape(events)).toEqual([
      ["payment.created", 0, "requires_action"],
      ["payment.cancelled", 1, "cancelled"],
    ]);
    expect(events[1]!.data).toMatchObject({
      cancelled: { cancelled_at: expect.any(String), cancellation_reason: "merchant cancelled" },
      processing: null,
    });
  });

  it("a refunded payment: the paid events, then refunded (version 4)", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { receiver, secret } = await listening(merchant);
    const paymentId = await payWith(merchant, "eip155", "1205");
    const refund = await api("/v1/refunds", {
      method: "POST",
      merchant,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ paymentId }),
    });
    expect(refund.status).toBe(200);

    const events = await eventsArrived(receiver, { secret, count: 5, paymentId });
    expect(shape(events).map(([type, version]) => [type, version])).toEqual([
      ["payment.created", 0],
      ["payment.processing", 1],
      ["payment.succeeded", 2],
      ["payment.settled", 3],
      ["payment.refunded", 4],
    ]);
    expect(events[4]!.data).toMatchObject({ status: "succeeded", refunded: { refunded_at: expect.any(String) } });
  });
});
