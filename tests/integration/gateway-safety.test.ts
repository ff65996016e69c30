import { eq } from "drizzle-orm";
import { createPublicClient, http } from "viem";
import { describe, expect, inject, it } from "vitest";
import { paymentOptions, payments } from "@/db/schema";
import { testDb } from "../support/db";
import { evmTokenBalance } from "../support/balances";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import { devnetWallet as testWallet } from "@payment-service/devnet/wallet";

function buyer(i: number) {
  const { evm } = inject("devnet");
  const b = evm.buyers[i]!;
  return {
    account: `${evm.chainId}:${b.address}`,
    wallet: testWallet({
      evm: { privateKey: b.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    }),
  };
}

async function usdcOption(paymentId: string, account: string) {
  const { options } = await (await gw(paymentId, "/options", { body: { accounts: [account] } })).json();
  return options.find((o: { amount: { display: { assetSymbol: string } } }) => o.amount.display.assetSymbol === "USDC");
}

const chain = () => createPublicClient({ transport: http(inject("devnet").evm.rpcUrl) });

/** No-op transactions (to itself, no data) the relayer sent since `fromBlock`: fillers of nonce gaps. */
async function relayerNoOps(fromBlock: bigint): Promise<number> {
  const relayer = inject("devnet").evm.relayer.address.toLowerCase();
  const client = chain();
  let count = 0;
  for (let n = fromBlock + 1n; n <= (await client.getBlockNumber()); n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    count += block.transactions.filter(
      (tx) => tx.from.toLowerCase() === relayer && tx.to?.toLowerCase() === relayer && tx.input === "0x",
    ).length;
  }
  return count;
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
    const res = await gw(paymentId, "/options", { body: { accounts: [account] } });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("invalid_params");
  });

  it("results of the wrong length are 400 and the payment is unchanged", async () => {
    const { paymentId } = await newPayment(await chainMerchant());
    const option = await usdcOption(paymentId, buyer(0).account);
    const sig = await buyer(0).wallet(option.actions[0]);
    for (const results of [[sig, sig], []]) {
      const res = await gw(paymentId, "/confirm", { body: { optionId: option.id, results } });
      expect(res.status).toBe(400);
    }
    expect(await storedStatus(paymentId)).toBe("pending");
  });

  it("a signature by another account is refused (422) and the payment stays unpaid", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant);
    const option = await usdcOption(paymentId, buyer(0).account);
    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    const res = await gw(paymentId, "/confirm", {
      body: {
        optionId: option.id,
        results: [await buyer(1).wallet(option.actions[0])],
      },
    });
    expect(res.status).toBe(422);
    expect(await storedStatus(paymentId)).toBe("pending");
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before);
  });

  it("a signature for one payment is refused for another", async () => {
    const merchant = await chainMerchant();
    const first = await newPayment(merchant);
    const second = await newPayment(merchant);
    const optionA = await usdcOption(first.paymentId, buyer(0).account);
    const optionB = await usdcOption(second.paymentId, buyer(0).account);
    const sigForA = await buyer(0).wallet(optionA.actions[0]);
    const res = await gw(second.paymentId, "/confirm", { body: { optionId: optionB.id, results: [sigForA] } });
    expect(res.status).toBe(422);
    expect(await storedStatus(second.paymentId)).toBe("pending");
  });

  it("a transaction hash that paid one payment is refused for another", async () => {
    const merchant = await chainMerchant();
    const first = await newPayment(merchant, "300");
    const second = await newPayment(merchant, "300");
    const usdt = async (id: string) =>
      (await (await gw(id, "/options", { body: { accounts: [buyer(2).account] } })).json()).options.find(
        (o: { amount: { display: { assetSymbol: string } } }) => o.amount.display.assetSymbol === "USDT",
      );
    const optionA = await usdt(first.paymentId);
    const hash = await buyer(2).wallet(optionA.actions[0]);
    const firstConfirm = await gw(first.paymentId, "/confirm", { body: { optionId: optionA.id, results: [hash] } });
    expect(firstConfirm.status, JSON.stringify(await firstConfirm.clone().json())).toBe(200);
    const optionB = await usdt(second.paymentId);
    const reuse = await gw(second.paymentId, "/confirm", { body: { optionId: optionB.id, results: [hash] } });
    expect(reuse.status).toBe(422);
    expect(await storedStatus(second.paymentId)).toBe("pending");
  });

  it("50 concurrent confirms of one payment make one relay and one final state", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "100");
    const option = await usdcOption(paymentId, buyer(0).account);
    const sig = await buyer(0).wallet(option.actions[0]);
    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    const fromBlock = await chain().getBlockNumber();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => gw(paymentId, "/confirm", { body: { optionId: option.id, results: [sig] } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before + 1_000_000n);
    // The 49 that lost shared the winner's relayer nonce: none of them left a gap to spend gas filling.
    expect(await relayerNoOps(fromBlock)).toBe(0);
  });

  it("an expired payment answers 410 on options and confirm", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "100", { expiresAt: Math.floor(Date.now() / 1000) + 2 });
    const option = await usdcOption(paymentId, buyer(0).account);
    await new Promise((r) => setTimeout(r, 2600));
    expect((await gw(paymentId, "/options", { body: { accounts: [buyer(0).account] } })).status).toBe(410);
    expect((await gw(paymentId, "/confirm", { body: { optionId: option.id, results: ["0x00"] } })).status).toBe(410);
  });

  it("a signed Solana transaction for one payment is refused for another, which stays unpaid", async () => {
    const { solana } = inject("devnet");
    const solBuyer = solana.buyers[1]!;
    const account = `${solana.chainId}:${solBuyer.publicKey}`;
    const wallet = testWallet({ solana: { secretKey: solBuyer.secretKey } });
    const merchant = await chainMerchant();
    const signedFor = async (paymentId: string) => {
      const { options } = await (await gw(paymentId, "/options", { body: { accounts: [account] } })).json();
      const option = options.find(
        (o: { amount: { display: { assetSymbol: string } } }) => o.amount.display.assetSymbol === "USDC",
      );
      const { actions } = await (
        await gw(paymentId, "/fetch", { body: { optionId: option.id, data: option.actions[0].data.data } })
      ).json();
      return { option, signed: await wallet(actions[0]) };
    };
    const first = await newPayment(merchant, "200");
    const second = await newPayment(merchant, "200");
    const a = await signedFor(first.paymentId);
    const b = await signedFor(second.paymentId);
    const reuse = await gw(second.paymentId, "/confirm", { body: { optionId: b.option.id, results: [a.signed] } });
    expect(reuse.status).toBe(422);
    expect(await storedStatus(second.paymentId)).toBe("pending");
    // The transaction still pays the payment it was built for.
    expect(
      (await gw(first.paymentId, "/confirm", { body: { optionId: a.option.id, results: [a.signed] } })).status,
    ).toBe(200);
    expect(await waitFinal(first.paymentId)).toMatchObject({ status: "succeeded" });
  });

  it("an option whose quote has expired answers 409 quote_expired on confirm, and the payment stays unpaid", async () => {
    const { paymentId } = await newPayment(await chainMerchant());
    const option = await usdcOption(paymentId, buyer(0).account);
    const sig = await buyer(0).wallet(option.actions[0]);
    await testDb()
      .db.update(paymentOptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOptions.id, option.id));
    const res = await gw(paymentId, "/confirm", { body: { optionId: option.id, results: [sig] } });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("quote_expired");
    expect(await storedStatus(paymentId)).toBe("pending");
  });

  it("an unknown payment is 404 payment_not_found", async () => {
    const res = await gw("pay_0000000000000000000000", "/options", { body: { accounts: [buyer(0).account] } });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("payment_not_found");
  });
});
