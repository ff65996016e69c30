import { WalletConnectPay } from "@walletconnect/pay";
import { describe, expect, inject, it } from "vitest";
import { evmTokenBalance, solanaMerchantUsdc } from "../support/balances";
import { chainMerchant, newPayment } from "../support/gateway";
import { devnetWallet as testWallet } from "@payment-service/devnet/wallet";

/**
 * The real WalletConnect Pay wallet SDK (Node, WASM) with only its baseUrl pointed at our server:
 * it parses every response strictly, so this proves wire compatibility end to end.
 */
function sdk() {
  return new WalletConnectPay({ apiKey: "test-wallet-key", baseUrl: inject("baseUrl"), logger: "silent" });
}

async function perform(
  wallet: ReturnType<typeof testWallet>,
  actions: { walletRpc: { chainId: string; method: string; params: string } }[],
) {
  const results: string[] = [];
  for (const action of actions) results.push(await wallet({ type: "walletRpc", walletRpc: action.walletRpc }));
  return results;
}

describe("the real @walletconnect/pay SDK against our server", () => {
  it("pays an EVM payment (EIP-3009) from the payment link", async () => {
    const { evm } = inject("devnet");
    const buyer = evm.buyers[2]!;
    const merchant = await chainMerchant();
    const { gatewayUrl } = await newPayment(merchant, "2000");
    const pay = sdk();

    const offered = await pay.getPaymentOptions({
      paymentLink: gatewayUrl,
      accounts: [`${evm.chainId}:${buyer.address}`],
      includePaymentInfo: true,
    });
    expect(offered.info).toMatchObject({
      status: "requires_action",
      amount: { unit: "iso4217/USD", value: "2000" },
      merchant: { name: "Chain Shop" },
    });
    const option = offered.options.find((o) => o.amount.display.assetSymbol === "USDC")!;
    expect(option.amount.value).toBe("20000000");
    // A wallet draws the icons in its own UI, with no page to resolve a path against: full URLs
    // on this service (PUBLIC_BASE_URL) that answer with the image.
    expect(option.amount.display.iconUrl).toBe(`${inject("baseUrl")}/icons/usdc.svg`);
    expect(option.amount.display.networkIconUrl).toBe(`${inject("baseUrl")}/icons/ethereum.svg`);
    for (const url of [option.amount.display.iconUrl!, option.amount.display.networkIconUrl!]) {
      const icon = await fetch(url);
      expect(icon.status, url).toBe(200);
      expect(icon.headers.get("content-type"), url).toContain("image/svg+xml");
    }

    const actions = await pay.getRequiredPaymentActions({ paymentId: offered.paymentId, optionId: option.id });
    expect(actions.map((a) => a.walletRpc.method)).toEqual(["eth_signTypedData_v4"]);
    const wallet = testWallet({
      evm: { privateKey: buyer.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    });
    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    const result = await pay.confirmPayment({
      paymentId: offered.paymentId,
      optionId: option.id,
      signatures: await perform(wallet, actions),
    });
    expect(result).toMatchObject({ status: "succeeded", isFinal: true });
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before + 20_000_000n);
  });

  it("pays a Solana payment: the SDK fetches the build action, the wallet only signs", async () => {
    const { solana } = inject("devnet");
    const buyer = solana.buyers[2]!;
    const merchant = await chainMerchant();
    const { gatewayUrl } = await newPayment(merchant, "333");
    const pay = sdk();

    const offered = await pay.getPaymentOptions({
      paymentLink: gatewayUrl,
      accounts: [`${solana.chainId}:${buyer.publicKey}`],
      includePaymentInfo: false,
    });
    const option = offered.options.find((o) => o.amount.display.assetSymbol === "USDC")!;
    const actions = await pay.getRequiredPaymentActions({ paymentId: offered.paymentId, optionId: option.id });
    expect(actions.map((a) => a.walletRpc.method)).toEqual(["solana_signTransaction"]);
    expect(JSON.parse(actions[0]!.walletRpc.params)).toEqual([{ transaction: expect.any(String) }]);

    const before = await solanaMerchantUsdc();
    const wallet = testWallet({ solana: { secretKey: buyer.secretKey } });
    const result = await pay.confirmPayment({
      paymentId: offered.paymentId,
      optionId: option.id,
      signatures: await perform(wallet, actions),
    });
    expect(result).toMatchObject({ status: "succeeded", isFinal: true });
    expect(await solanaMerchantUsdc()).toBe(before + 3_330_000n);
  });
});
