import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { payments } from "@/db/schema";
import { testDb } from "../support/db";
import { evmTokenBalance } from "../support/balances";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import { devnetWallet as testWallet } from "../../scripts/lib/devnet-wallet";

function buyer(i: number) {
  const { evm } = inject("devnet");
  const b = evm.buyers[i]!;
  return { account: `${evm.chainId}:${b.address}`, wallet: testWallet({ evm: { privateKey: b.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber } }) };
}

async function usdcOption(paymentId: string, account: string) {
  const { options } = await (await gw(paymentId, "/options", { accounts: [account] })).json();
  return options.find((o: { amount: { display: { assetSymbol: string } } }) => o.amount.display.assetSymbol === "USDC");
}

async function storedStatus(id: string) {
  const [row] = await testDb().db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
  return row!.status;
}

describe("gateway safety", () => {
  it.each([
    ["not CAIP-10", "0x1234"],
    ["a bad EVM address", "eip155:31337:0x1234"],
    ["a bad Solana key", "solana:FkYwRU3M6gctba9GyF1XGJu6kH2c1orn:0OIl"],
  ])("malformed accounts (%s) are 400 invalid_params", async (_l, account) => {
    const { paymentId } = await newPayment(await chainMerchant());
    const res = await gw(paymentId, "/options", { accounts: [account] });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("invalid_params");
  });

  it("results of the wrong length are 400 and the payment is unchanged", async () => {
    const { paymentId } = await newPayment(await chainMerchant());
    const option = await usdcOption(paymentId, buyer(0).account);
    const sig = await buyer(0).wallet(option.actions[0]);
    for (const results of [[sig, sig], []]) {
      const res = await gw(paymentId, "/confirm", { optionId: option.id, results });
      expect(res.status).toBe(400);
    }
    expect(await storedStatus(paymentId)).toBe("pending");
  });

  it("a signature by another account is refused (422) and the payment stays unpaid", async () => {
    const { paymentId } = await newPayment(await chainMerchant());
    const option = await usdcOption(paymentId, buyer(0).account);
    const before = await evmTokenBalance("USDC", inject("devnet").evm.merchant.address);
    const res = await gw(paymentId, "/confirm", { optionId: option.id, results: [await buyer(1).wallet(option.actions[0])] });
    expect(res.status).toBe(422);
    expect(await storedStatus(paymentId)).toBe("pending");
    expect(await evmTokenBalance("USDC", inject("devnet").evm.merchant.address)).toBe(before);
  });

  it("a signature for one payment is refused for another", async () => {
    const merchant = await chainMerchant();
    const first = await newPayment(merchant);
    const second = await newPayment(merchant);
    const optionA = await usdcOption(first.paymentId, buyer(0).account);
    const optionB = await usdcOption(second.paymentId, buyer(0).account);
    const sigForA = await buyer(0).wallet(optionA.actions[0]);
    const res = await gw(second.paymentId, "/confirm", { optionId: optionB.id, results: [sigForA] });
    expect(res.status).toBe(422);
    expect(await storedStatus(second.paymentId)).toBe("pending");
  });

  it("a transaction hash that paid one payment is refused for another", async () => {
    const merchant = await chainMerchant();
    const first = await newPayment(merchant, "300");
    const second = await newPayment(merchant, "300");
    const usdt = async (id: string) => (await (await gw(id, "/options", { accounts: [buyer(2).account] })).json()).options.find((o: { amount: { display: { assetSymbol: string } } }) => o.amount.display.assetSymbol === "USDT");
    const optionA = await usdt(first.paymentId);
    const hash = await buyer(2).wallet(optionA.actions[0]);
    expect((await gw(first.paymentId, "/confirm", { optionId: optionA.id, results: [hash] })).status).toBe(200);
    const optionB = await usdt(second.paymentId);
    const reuse = await gw(second.paymentId, "/confirm", { optionId: optionB.id, results: [hash] });
    expect(reuse.status).toBe(422);
    expect(await storedStatus(second.paymentId)).toBe("pending");
  });

  it("50 concurrent confirms of one payment make one relay and one final state", async () => {
    const { paymentId } = await newPayment(await chainMerchant(), "100");
    const option = await usdcOption(paymentId, buyer(0).account);
    const sig = await buyer(0).wallet(option.actions[0]);
    const before = await evmTokenBalance("USDC", inject("devnet").evm.merchant.address);
    const responses = await Promise.all(Array.from({ length: 50 }, () => gw(paymentId, "/confirm", { optionId: option.id, results: [sig] })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await evmTokenBalance("USDC", inject("devnet").evm.merchant.address)).toBe(before + 1_000_000n);
  });

  it("an expired payment answers 410 on options and confirm", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "100", { expiresAt: Math.floor(Date.now() / 1000) + 2 });
    const option = await usdcOption(paymentId, buyer(0).account);
    await new Promise((r) => setTimeout(r, 2600));
    expect((await gw(paymentId, "/options", { accounts: [buyer(0).account] })).status).toBe(410);
    expect((await gw(paymentId, "/confirm", { optionId: option.id, results: ["0x00"] })).status).toBe(410);
  });

  it("an unknown payment is 404 payment_not_found", async () => {
    const res = await gw("pay_0000000000000000000000", "/options", { accounts: [buyer(0).account] });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("payment_not_found");
  });
});
