import { Keypair } from "@solana/web3.js";
import { describe, expect, inject, it } from "vitest";
import { decodeBase58 } from "@/lib/chains/solana/base58";
import {
  accountsFor,
  createGatewayClient,
  evmSignerFromEip1193,
  payWithOption,
  solanaSignerFromKeypair,
  type Eip1193Provider,
  type GatewayClient,
  type GatewayStatus,
  type PayStep,
  type SolanaSigner,
} from "@/lib/wallet";
import { evmTokenBalance, solanaMerchantUsdc } from "../support/balances";
import { chainMerchant, newPayment } from "../support/gateway";

/**
 * lib/wallet against the real server and the real local chains: the client a checkout or wallet
 * would use pays an EIP-3009 option and a Solana option end to end.
 */

/** anvil's JSON-RPC as an EIP-1193 provider: its prefunded buyers are unlocked, so anvil itself signs. */
function anvilProvider(rpcUrl: string): Eip1193Provider {
  let id = 0;
  return {
    async request({ method, params }) {
      const res = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: params ?? [] }),
      });
      const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
      return body.result;
    },
  };
}

const client = (): GatewayClient => createGatewayClient({ baseUrl: inject("baseUrl"), walletName: "lib/wallet test" });

async function untilFinal(gateway: GatewayClient, paymentId: string, first: GatewayStatus): Promise<GatewayStatus> {
  let status = first;
  for (let i = 0; i < 20 && !status.isFinal; i++) status = await gateway.getStatus(paymentId, { maxPollMs: 2_000 });
  return status;
}

describe("lib/wallet against the real gateway", () => {
  it("pays an EIP-3009 option with an EIP-1193 signer; an EVM-only wallet sends no solana: account", async () => {
    const { evm, solana } = inject("devnet");
    const buyer = evm.buyers[0]!;
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "1250");
    const gateway = client();

    const accounts = accountsFor([evm.chainId, solana.chainId], { eip155: buyer.address });
    expect(accounts).toEqual([`${evm.chainId}:${buyer.address}`]);
    const { options, info } = await gateway.getOptions(paymentId, accounts, { includePaymentInfo: true });
    expect(info).toMatchObject({ amount: { unit: "iso4217/USD", value: "1250" }, status: "requires_action" });
    expect(options.every((o) => o.account.startsWith("eip155:"))).toBe(true);
    const usdc = options.find((o) => o.amount.display.assetSymbol === "USDC")!;
    expect(usdc.actions).toEqual([
      {
        type: "walletRpc",
        walletRpc: { chainId: evm.chainId, method: "eth_signTypedData_v4", params: expect.any(String) },
      },
    ]);

    const before = await evmTokenBalance("USDC", merchant.evmAddress);
    const steps: PayStep[] = [];
    const confirmed = await payWithOption({
      client: gateway,
      paymentId,
      option: usdc,
      signers: { eip155: evmSignerFromEip1193(anvilProvider(evm.rpcUrl)) },
      onStep: (s) => steps.push(s),
      maxPollMs: 10_000,
    });
    expect(steps).toEqual(["preparing", "signing", "confirming"]);
    expect(await untilFinal(gateway, paymentId, confirmed)).toMatchObject({
      status: "succeeded",
      isFinal: true,
      info: { txId: expect.stringMatching(/^0x/) },
    });
    expect(await evmTokenBalance("USDC", merchant.evmAddress)).toBe(before + 12_500_000n);
    expect(await gateway.getInfo(paymentId)).toMatchObject({
      status: "succeeded",
      buyer: { accountCaip10: `${evm.chainId}:${buyer.address}`, accountProviderName: "lib/wallet test" },
    });

    // The payment is settled: confirming anything else is refused with the server's own code.
    const again = await gateway
      .confirm(paymentId, { optionId: "opt_another", results: ["0x00"] })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ code: "gateway_error", gateway: { status: 409, code: "invalid_state" } });
  });

  it("pays a Solana option: fetch, sign only, the service broadcasts; a rejection first changes nothing", async () => {
    const { evm, solana } = inject("devnet");
    const keypair = Keypair.fromSecretKey(decodeBase58(solana.buyers[0]!.secretKey)!);
    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant, "725");
    const gateway = client();

    const accounts = accountsFor([evm.chainId, solana.chainId], { solana: keypair.publicKey.toBase58() });
    expect(accounts).toEqual([`${solana.chainId}:${keypair.publicKey.toBase58()}`]);
    const { options } = await gateway.getOptions(paymentId, accounts);
    const usdc = options.find((o) => o.amount.display.assetSymbol === "USDC")!;
    expect(usdc.actions).toEqual([{ type: "build", data: expect.any(String) }]);

    const rejecting: SolanaSigner = {
      signTransaction: () =>
        Promise.reject(Object.assign(new Error("User rejected the request."), { name: "WalletSignTransactionError" })),
    };
    const rejected = await payWithOption({
      client: gateway,
      paymentId,
      option: usdc,
      signers: { solana: rejecting },
    }).catch((e: unknown) => e);
    expect(rejected).toMatchObject({ code: "user_rejected" });
    expect(await gateway.getStatus(paymentId)).toMatchObject({ status: "requires_action", isFinal: false });

    const before = await solanaMerchantUsdc();
    const confirmed = await payWithOption({
      client: gateway,
      paymentId,
      option: usdc,
      signers: { solana: solanaSignerFromKeypair(keypair) },
      maxPollMs: 10_000,
    });
    expect(await untilFinal(gateway, paymentId, confirmed)).toMatchObject({ status: "succeeded", isFinal: true });
    expect(await solanaMerchantUsdc()).toBe(before + 7_250_000n);
  });

  it("turns the server's error answers into typed errors", async () => {
    const gateway = client();
    const missing = await gateway.getStatus("pay_3x9Zq1Lk0aBcDeFgHiJkLm").catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: "gateway_error", gateway: { status: 404, code: "payment_not_found" } });

    const merchant = await chainMerchant();
    const { paymentId } = await newPayment(merchant);
    const badAccount = await gateway.getOptions(paymentId, ["eip155:1:not-an-address"]).catch((e: unknown) => e);
    expect(badAccount).toMatchObject({ code: "gateway_error", gateway: { status: 400, code: "invalid_params" } });
  });
});
