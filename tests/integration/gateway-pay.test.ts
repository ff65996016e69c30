import { describe, expect, inject, it } from "vitest";
import { api } from "../support/api";
import { evmTokenBalance, solanaMerchantUsdc } from "../support/balances";
import { chainMerchant, gw, newPayment, waitFinal } from "../support/gateway";
import { devnetWallet as testWallet } from "@payment-service/devnet/wallet";

type WireOption = {
  id: string;
  account: string;
  amount: { unit: string; value: string; display: { assetSymbol: string } };
  actions: WireAction[];
  expiresAt: number;
};
type WireAction =
  | {
      type: "walletRpc";
      data: { chain_id: string; method: string; params: unknown[] };
      walletRpc: { chainId: string; method: string; params: string };
    }
  | { type: "build"; data: { data: string } };

function evmBuyer(i: number) {
  const { evm } = inject("devnet");
  const buyer = evm.buyers[i]!;
  return {
    account: `${evm.chainId}:${buyer.address}`,
    address: buyer.address,
    wallet: testWallet({
      evm: { privateKey: buyer.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    }),
  };
}

function solanaBuyer(i: number) {
  const { solana } = inject("devnet");
  const buyer = solana.buyers[i]!;
  return {
    account: `${solana.chainId}:${buyer.publicKey}`,
    wallet: testWallet({ solana: { secretKey: buyer.secretKey } }),
  };
}

async function options(paymentId: string, accounts: string[]): Promise<WireOption[]> {
  const res = await gw(`${paymentId}`, "/options?includePaymentInfo=true", { body: { accounts } });
  expect(res.status).toBe(200);
  return (await res.json()).options;
}

describe("gateway: paying on the local chains end to end", () => {
  it("EVM, EIP-3009: the buyer signs typed data, the service relays, the merchant is paid", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "1250");
    const buyer = evmBuyer(0);
    const offered = await options(paymentId, [buyer.account]);
    const usdc = offered.find((o) => o.amount.display.assetSymbol === "USDC")!;
    expect(usdc.amount.value).toBe("12500000");
    expect(usdc.actions).toHaveLength(1);
    const action = usdc.actions[0]!;
    expect(action.type).toBe("walletRpc");
    if (action.type !== "walletRpc") throw new Error("unreachable");
    expect(action.data.method).toBe("eth_signTypedData_v4");
    expect(JSON.parse(action.walletRpc.params)).toEqual(action.data.params);

    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    const confirm = await gw(paymentId, "/confirm", {
      body: { optionId: usdc.id, results: [await buyer.wallet(action)] },
    });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toMatchObject({ status: "processing", isFinal: false });
    expect(await waitFinal(paymentId)).toMatchObject({
      status: "succeeded",
      isFinal: true,
      pollInMs: null,
      info: { txId: expect.stringMatching(/^0x/) },
    });
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before + 12_500_000n);
    const merchantView = await (await api(`/v1/merchant/payment/${paymentId}/status`, { merchant })).json();
    expect(merchantView).toMatchObject({ status: "succeeded", isFinal: true });
  });

  it("EVM, eth_sendTransaction with a token without EIP-3009, results in the SDK's form", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "500");
    const buyer = evmBuyer(1);
    const usdt = (await options(paymentId, [buyer.account])).find((o) => o.amount.display.assetSymbol === "USDT")!;
    const action = usdt.actions[0]!;
    if (action.type !== "walletRpc") throw new Error("expected a wallet action");
    expect(action.data.method).toBe("eth_sendTransaction");
    const before = await evmTokenBalance("USDT", merchant.evmAddress);
    const hash = await buyer.wallet(action);
    const confirm = await gw(paymentId, "/confirm", {
      body: {
        optionId: usdt.id,
        results: [{ type: "walletRpc", data: [hash] }],
      },
    });
    expect(confirm.status).toBe(200);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded", info: { txId: hash } });
    expect(await evmTokenBalance("USDT", merchant.evmAddress)).toBe(before + 5_000_000n);
  });

  it("Solana SPL: build, fetch a fresh transaction, the wallet signs only, the service broadcasts", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "725");
    const buyer = solanaBuyer(0);
    const option = (await options(paymentId, [buyer.account])).find((o) => o.amount.display.assetSymbol === "USDC");
    expect(option!.actions).toEqual([{ type: "build", data: { data: expect.any(String) } }]);
    const build = option!.actions[0] as { type: "build"; data: { data: string } };
    const fetched = await gw(paymentId, "/fetch", { body: { optionId: option!.id, data: build.data.data } });
    expect(fetched.status).toBe(200);
    const { actions } = await fetched.json();
    expect(actions).toHaveLength(1);
    expect(actions[0].data.method).toBe("solana_signTransaction");
    expect(actions[0].data.params).toEqual([{ transaction: expect.any(String) }]);

    const before = await solanaMerchantUsdc();
    const confirm = await gw(paymentId, "/confirm", {
      body: {
        optionId: option!.id,
        results: [await buyer.wallet(actions[0])],
      },
    });
    expect(confirm.status).toBe(200);
    expect(await waitFinal(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await solanaMerchantUsdc()).toBe(before + 7_250_000n);
  });

  it("a mixed payment offers both chains; an EVM-only wallet gets EVM options and no error", async () => {
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant);
    const evmOnly = await options(paymentId, [evmBuyer(2).account]);
    expect(evmOnly.length).toBeGreaterThan(0);
    expect(evmOnly.every((o) => o.account.startsWith("eip155:"))).toBe(true);
    const mixed = await options(paymentId, [evmBuyer(2).account, solanaBuyer(1).account]);
    expect(new Set(mixed.map((o) => o.account.split(":")[0]))).toEqual(new Set(["eip155", "solana"]));
    // A merchant without a Solana address offers no Solana option.
    const evmMerchant = await chainMerchant({ evm: true });
    const onlyEvm = await newPayment(evmMerchant);
    expect((await options(onlyEvm.paymentId, [solanaBuyer(1).account])).length).toBe(0);
  });

  it("accepts the payment id as a URL-encoded payment link, as the SDK sends it", async () => {
    const merchant = await chainMerchant();
    const { paymentId, gatewayUrl } = await newPayment(merchant);
    const encoded = encodeURIComponent(encodeURIComponent(gatewayUrl));
    const res = await gw(encoded, "/options", { body: { accounts: [evmBuyer(0).account] } });
    expect(res.status).toBe(200);
    const info = await (await gw(encodeURIComponent(gatewayUrl), "")).json();
    expect(info).toMatchObject({
      amount: { unit: "iso4217/USD", value: "1250" },
      merchant: { name: "Chain Shop" },
      status: "requires_action",
    });
    expect(paymentId).toMatch(/^pay_/);
  });
});
