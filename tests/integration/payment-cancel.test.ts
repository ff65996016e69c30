import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { payments, paymentSubmissions } from "@/db/schema";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { api, newMerchant, type TestMerchant } from "../support/api";
import { evmTokenBalance } from "../support/balances";
import { testDb } from "../support/db";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import { signWithDevnetBuyer } from "../support/pay-steps";
import { seedPayment } from "../support/seed";

type WireAction = Parameters<ReturnType<typeof devnetWallet>>[0];
type WireOption = { id: string; amount: { display: { assetSymbol: string } }; actions: WireAction[] };

const server = () => ({ url: inject("baseUrl") });

async function row(id: string) {
  const [found] = await testDb().db.select().from(payments).where(eq(payments.id, id));
  return found!;
}

const submissionsOf = (id: string) =>
  testDb().db.select().from(paymentSubmissions).where(eq(paymentSubmissions.paymentId, id));

async function contractCreate(merchant: TestMerchant, value = "500", extra: Record<string, unknown> = {}) {
  const res = await api("/v1/payments", {
    method: "POST",
    merchant,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ amount: { unit: "iso4217/USD", value }, referenceId: `cancel-${Date.now()}`, ...extra }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { paymentId: string; status: string; isFinal: boolean };
}

const merchantCancel = (merchant: TestMerchant, id: string) =>
  api(`/v1/payments/${id}/cancel`, { method: "POST", merchant });
const read = async (merchant: TestMerchant, path: string) => (await api(path, { merchant })).json();

function evmBuyer(index: number) {
  const { evm } = inject("devnet");
  const b = evm.buyers[index]!;
  return {
    account: `${evm.chainId}:${b.address}`,
    wallet: devnetWallet({
      evm: { privateKey: b.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    }),
  };
}

async function optionOf(paymentId: string, symbol: string, buyer = evmBuyer(2)): Promise<WireOption> {
  const { options } = (await (await gw(paymentId, "/options", { body: { accounts: [buyer.account] } })).json()) as {
    options: WireOption[];
  };
  return options.find((o) => o.amount.display.assetSymbol === symbol)!;
}

describe("cancel: the merchant's and the buyer's", () => {
  it("the merchant cancels a payment that requires action; every vocabulary reports it; no options, no second cancel, no stranger's cancel", async () => {
    const merchant = await newMerchant();
    const created = await contractCreate(merchant);
    expect(created).toMatchObject({ status: "requires_action", isFinal: false });
    const id = created.paymentId;

    // Another merchant's key cannot cancel it, nor learn that it exists.
    const stranger = await merchantCancel(await newMerchant(), id);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: "payment_not_found" });
    expect((await row(id)).status).toBe("pending");

    const res = await merchantCancel(merchant, id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      paymentId: id,
      status: "cancelled",
      cancelledReason: "cancelled_by_merchant",
      cancelledAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(body.cancelledAt) - Date.now())).toBeLessThan(60_000);

    expect(await read(merchant, `/v1/payments/${id}/status`)).toEqual({
      status: "cancelled",
      isFinal: true,
      pollInMs: null,
      info: null,
      failureCode: null,
    });
    expect(await read(merchant, `/v1/payments/${id}`)).toMatchObject({
      status: "cancelled",
      referenceId: expect.stringMatching(/^cancel-/),
      info: null,
      settlement: null,
    });
    // Spec 3.1 and the deprecated listing have no cancelled: it reads failed, and final.
    expect(await read(merchant, `/v1/merchant/payment/${id}/status`)).toEqual({
      status: "failed",
      isFinal: true,
      pollInMs: null,
    });
    const listing = await (
      await api(`/v1/merchants/${merchant.merchantId}/payments`, { headers: { "x-api-key": merchant.apiKey } })
    ).json();
    expect(listing.data.find((p: { payment_id: string }) => p.payment_id === id)).toMatchObject({ status: "failed" });
    // The gateway speaks the contract.
    expect(await (await gw(id, "/status")).json()).toMatchObject({ status: "cancelled", isFinal: true });

    const options = await gw(id, "/options", { body: { accounts: [evmBuyer(2).account] } });
    expect(options.status).toBe(409);
    expect(await options.json()).toMatchObject({ code: "invalid_state" });

    const again = await merchantCancel(merchant, id);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "invalid_state" });
    expect(await row(id)).toMatchObject({ status: "cancelled", cancelReason: "cancelled_by_merchant" });
  });

  it("the buyer cancels from the gateway (bare id or encoded link): cancelled_by_user; unknown ids are 404", async () => {
    const merchant = await newMerchant();
    const { paymentId } = await contractCreate(merchant);
    const link = encodeURIComponent(`https://pay.example.com/?pid=${paymentId}`);
    const res = await gw(link, "/cancel", { body: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ paymentId, status: "cancelled", cancelledReason: "cancelled_by_user" });
    expect((await row(paymentId)).cancelReason).toBe("cancelled_by_user");
    expect((await gw(paymentId, "/cancel", { body: {} })).status).toBe(400);
    const unknown = await gw("pay_0000000000000000000000", "/cancel", { body: {} });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "payment_not_found" });
  });

  it("only a payment that requires action: an expired one and a succeeded one stay as they are (400 invalid_state)", async () => {
    const merchant = await chainMerchant();
    const expired = await seedPayment(merchant.merchantId, { expiresAt: new Date(Date.now() - 1000) });
    const tooLate = await merchantCancel(merchant, expired);
    expect(tooLate.status).toBe(400);
    expect(await tooLate.json()).toMatchObject({ code: "invalid_state", message: expect.stringMatching(/expired/) });

    const { paymentId } = await newPayment(merchant, "310");
    const signed = await signWithDevnetBuyer(server() as never, {
      paymentId,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 0,
    });
    expect(
      (await gw(paymentId, "/confirm", { body: { optionId: signed.optionId, results: [signed.result] } })).status,
    ).toBe(200);
    expect((await waitFinal(paymentId)).status).toBe("succeeded");
    expect((await merchantCancel(merchant, paymentId)).status).toBe(400);
    expect((await gw(paymentId, "/cancel", { body: {} })).status).toBe(400);

    // Succeeded: the contract's status carries info (the transaction and the option's amount) and the detail its settlement.
    const { txHash } = await row(paymentId);
    const status = await read(merchant, `/v1/payments/${paymentId}/status`);
    expect(status).toMatchObject({
      status: "succeeded",
      isFinal: true,
      failureCode: null,
      info: { txId: txHash, optionAmount: { unit: expect.stringMatching(/^caip19\/eip155:/), value: "3100000" } },
    });
    expect(await read(merchant, `/v1/payments/${paymentId}`)).toMatchObject({
      status: "succeeded",
      settlement: { successful: { txId: txHash } },
    });
  });

  it("a failed payment carries the contract's failureCode", async () => {
    const merchant = await newMerchant();
    const failed = await seedPayment(merchant.merchantId, { status: "failed" });
    expect(await read(merchant, `/v1/payments/${failed}/status`)).toMatchObject({
      status: "failed",
      isFinal: true,
      failureCode: "declined_user",
      info: null,
    });
    expect(await read(merchant, `/v1/payments/${failed}`)).toMatchObject({
      status: "failed",
      failureCode: "declined_user",
    });
  });
});

describe("a cancelled payment refuses confirm, and money that reached the merchant anyway is recorded", () => {
  it("a signed EIP-3009 authorization confirmed after cancel: refused, nothing relayed", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "220");
    const signed = await signWithDevnetBuyer(server() as never, {
      paymentId,
      namespace: "eip155",
      symbol: "USDC",
      buyerIndex: 0,
    });
    expect((await merchantCancel(merchant, paymentId)).status).toBe(200);
    const before = await evmTokenBalance("USDC", merchant.evmAddress);

    const res = await gw(paymentId, "/confirm", { body: { optionId: signed.optionId, results: [signed.result] } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "invalid_state", message: expect.stringMatching(/cancelled/) });
    expect(await submissionsOf(paymentId)).toEqual([]);
    expect(await row(paymentId)).toMatchObject({ status: "cancelled", txHash: null });
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before);
  });

  it("an ERC-20 transfer the wallet sent for a payment cancelled meanwhile: recorded as paid late, still cancelled", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "330");
    const option = await optionOf(paymentId, "USDT");
    expect((await gw(paymentId, "/cancel", { body: {} })).status).toBe(200);
    const hash = await evmBuyer(2).wallet(option.actions[0]!);

    const res = await gw(paymentId, "/confirm", { body: { optionId: option.id, results: [hash] } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: "invalid_state",
      message: expect.stringMatching(/recorded as paid late/),
    });
    const deadline = Date.now() + 20_000;
    let late = await row(paymentId);
    while (late.exception === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      late = await row(paymentId);
    }
    expect(late).toMatchObject({
      status: "cancelled",
      exception: "paid_late",
      txHash: hash,
      receivedAmount: "3300000",
    });
  });
});

describe("cancel and confirm racing on one payment end in exactly one of them", () => {
  it("ten payments, each confirmed and cancelled at nearly the same moment: never both, never neither, money only for the confirms that won", async () => {
    const merchant = await chainMerchant();
    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    const signed = [];
    for (let i = 0; i < 10; i++) {
      const { paymentId } = await newPayment(merchant, String(100 + i));
      signed.push(
        await signWithDevnetBuyer(server() as never, {
          paymentId,
          namespace: "eip155",
          symbol: "USDC",
          buyerIndex: i % 2,
        }),
      );
    }
    const outcomes = [];
    // One race at a time: the cancel leaves 0 to 450 ms after the confirm, so it lands before,
    // during and after the confirm's verification and recording, and both winners are played.
    for (const [i, s] of signed.entries()) {
      const [confirmed, cancelled] = await Promise.all([
        gw(s.paymentId, "/confirm", { body: { optionId: s.optionId, results: [s.result] } }),
        new Promise((r) => setTimeout(r, i * 50)).then(() => merchantCancel(merchant, s.paymentId)),
      ]);
      outcomes.push({
        id: s.paymentId,
        amount: BigInt(100 + i) * 10_000n,
        confirm: confirmed.status,
        cancel: cancelled.status,
      });
    }
    let expected = 0n;
    for (const o of outcomes) {
      expect([o.confirm, o.cancel].filter((s) => s === 200)).toHaveLength(1);
      if (o.cancel === 200) {
        expect(o.confirm).toBe(409);
        expect(await submissionsOf(o.id)).toEqual([]);
        expect((await row(o.id)).status).toBe("cancelled");
      } else {
        expect(o.cancel).toBe(400);
        expect((await waitFinal(o.id)).status).toBe("succeeded");
        expected += o.amount;
      }
    }
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before + expected);
  });
});

describe("gateway cancel is rate-limited per client address", () => {
  it("a burst from one address meets 429 with Retry-After, no 5xx; another address is unaffected", async () => {
    const ip = "198.51.100.77";
    const results = await Promise.all(
      Array.from({ length: 45 }, () =>
        gw("pay_0000000000000000000000", "/cancel", { body: {}, headers: { "x-forwarded-for": ip } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(30);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited).toBeDefined();
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: "rate_limited" });
    expect((await gw("pay_0000000000000000000000", "/cancel", { body: {} })).status).toBe(404);
  });
});
