import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { payments } from "@/db/schema";
import { markExceptionPaid } from "@/lib/payments/mark-exception-paid";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { api } from "../support/api";
import { evmTokenBalance } from "../support/balances";
import { withTransferAmount } from "../support/devnet-buyer";
import { testDb } from "../support/db";
import { chainMerchant, gw, newPayment, type ChainMerchant } from "../support/gateway";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { eventsOf, registerEndpoint, verifyWithBoth } from "../support/webhooks";

type WireAction = Parameters<ReturnType<typeof devnetWallet>>[0];
type WireOption = { id: string; amount: { display: { assetSymbol: string } }; actions: WireAction[] };

function buyer() {
  const { evm } = inject("devnet");
  const b = evm.buyers[2]!;
  return {
    account: `${evm.chainId}:${b.address}`,
    wallet: devnetWallet({
      evm: { privateKey: b.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    }),
  };
}

async function usdtOption(paymentId: string): Promise<WireOption> {
  const { options } = (await (await gw(paymentId, "/options", { body: { accounts: [buyer().account] } })).json()) as {
    options: WireOption[];
  };
  return options.find((o) => o.amount.display.assetSymbol === "USDT")!;
}

async function row(id: string) {
  const [found] = await testDb().db.select().from(payments).where(eq(payments.id, id));
  return found!;
}

async function waitFor(id: string, done: (r: Awaited<ReturnType<typeof row>>) => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await row(id);
    if (done(r) || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** The deprecated listing's record of one payment. */
async function listed(merchant: ChainMerchant, id: string) {
  const res = await api(`/v1/merchants/${merchant.merchantId}/payments?limit=50`, {
    headers: { "x-api-key": merchant.apiKey },
  });
  const body = (await res.json()) as { data: Record<string, unknown>[] };
  return body.data.find((p) => p.payment_id === id)!;
}

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** The merchant's webhook receiver; `events(n)` waits for n events of a payment and returns [type, version] pairs. */
async function webhooksOf(merchant: ChainMerchant) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const { secret } = await registerEndpoint(merchant, receiver.url);
  return async (paymentId: string, count: number) => {
    const events = eventsOf(
      (await receiver.waitFor(count)).map((r) => verifyWithBoth(r, secret)),
      paymentId,
    );
    return events.map((e) => [e.type, e.data.payment_state_version, e.data.status]);
  };
}

describe("money outside the happy path is recorded, never lost", () => {
  it("a transfer confirmed after the payment expired: 410, the payment stays expired and records it as paid late", async () => {
    const merchant = await chainMerchant();
    const webhooks = await webhooksOf(merchant);
    const { paymentId } = await newPayment(merchant, "420", { expiresAt: Math.floor(Date.now() / 1000) + 3 });
    const option = await usdtOption(paymentId);
    await new Promise((r) => setTimeout(r, 3500));
    const before = await evmTokenBalance("USDT", merchant.evmAddress);
    const hash = await buyer().wallet(option.actions[0]!);

    const res = await gw(paymentId, "/confirm", { body: { optionId: option.id, results: [hash] } });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({
      code: "payment_expired",
      message: expect.stringMatching(/recorded as paid late/),
    });
    const late = await waitFor(paymentId, (r) => r.exception !== null);
    expect(late).toMatchObject({
      status: "expired",
      exception: "paid_late",
      txHash: hash,
      receivedAmount: "4200000",
      buyerAccount: buyer().account,
    });
    expect(await evmTokenBalance("USDT", merchant.evmAddress)).toBe(before + 4_200_000n);
    // The wallet's retry gets the same answer; nothing is recorded twice.
    expect((await gw(paymentId, "/confirm", { body: { optionId: option.id, results: [hash] } })).status).toBe(410);
    expect(await listed(merchant, paymentId)).toMatchObject({
      status: "expired",
      exception: "paid_late",
      tx_hash: hash,
      token_amount: "4200000",
      buyer_caip10: buyer().account,
    });

    // Only the merchant's decision makes it a paid order.
    const decided = await markExceptionPaid(testDb().db, {
      merchantId: merchant.merchantId,
      paymentId,
      decidedBy: "owner@shop.example",
    });
    expect(decided).toMatchObject({ status: "succeeded", resolvedBy: "owner@shop.example" });
    expect(await listed(merchant, paymentId)).toMatchObject({ status: "succeeded", exception: "paid_late" });
    // The merchant heard each step: the late money, then its own decision.
    expect(await webhooks(paymentId, 5)).toEqual([
      ["payment.created", 0, "requires_action"],
      ["payment.expired", 1, "expired"],
      ["payment.paid_late", 2, "expired"],
      ["payment.succeeded", 3, "succeeded"],
      ["payment.settled", 4, "succeeded"],
    ]);
  });

  it("a short transfer bound to the payment: failed as underpaid with the amount received, never succeeded", async () => {
    const merchant = await chainMerchant();
    const webhooks = await webhooksOf(merchant);
    const { paymentId } = await newPayment(merchant, "530");
    const option = await usdtOption(paymentId);
    const hash = await buyer().wallet(withTransferAmount(option.actions[0]!, 5_000_000n));
    const res = await gw(paymentId, "/confirm", { body: { optionId: option.id, results: [hash] } });
    expect(res.status).toBe(200);
    const short = await waitFor(paymentId, (r) => r.status !== "processing" && r.status !== "pending");
    expect(short).toMatchObject({ status: "failed", exception: "underpaid", receivedAmount: "5000000", txHash: hash });
    expect(await listed(merchant, paymentId)).toMatchObject({
      status: "failed",
      exception: "underpaid",
      token_amount: "5000000",
      tx_hash: hash,
    });
    expect(await webhooks(paymentId, 4)).toEqual([
      ["payment.created", 0, "requires_action"],
      ["payment.processing", 1, "processing"],
      ["payment.failed", 2, "failed"],
      ["payment.underpaid", 3, "failed"],
    ]);
  });

  it("an overpaid one likewise, and a payment without an exception cannot be marked paid", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "110");
    const option = await usdtOption(paymentId);
    const hash = await buyer().wallet(withTransferAmount(option.actions[0]!, 1_200_000n));
    expect((await gw(paymentId, "/confirm", { body: { optionId: option.id, results: [hash] } })).status).toBe(200);
    expect(await waitFor(paymentId, (r) => r.status === "failed")).toMatchObject({
      exception: "overpaid",
      receivedAmount: "1200000",
    });

    const plain = await newPayment(merchant, "111");
    await expect(
      markExceptionPaid(testDb().db, {
        merchantId: merchant.merchantId,
        paymentId: plain.paymentId,
        decidedBy: "owner@shop.example",
      }),
    ).rejects.toMatchObject({ code: "invalid_state" });
    const other = await chainMerchant();
    await expect(
      markExceptionPaid(testDb().db, { merchantId: other.merchantId, paymentId, decidedBy: "someone@else.example" }),
    ).rejects.toMatchObject({ code: "payment_not_found" });
  });
});
