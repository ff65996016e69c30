import { readFileSync } from "node:fs";
import { Connection } from "@solana/web3.js";
import { createPublicClient, http, parseEventLogs, erc20Abi, type Hex } from "viem";
import { describe, expect, inject, it } from "vitest";
import { testDb } from "../support/db";
import { chainMerchant, type ChainMerchant } from "../support/gateway";
import { uniqueClientIp } from "../support/client-ip";
import { devnetWallet } from "@payment-service/devnet/wallet";

/**
 * The WalletConnect Pay CLI's checkout (`@walletconnect/pay-cli`), step by step against our server:
 * create, read the payment, options, resolve each action locally (a build by hex-decoding
 * build.data.data; it never calls fetch), sign, confirm with every result in one entry, poll status
 * until final and print info.txId. Its headers too: Wcp-Version, Sdk-*, Api-Key.
 */
type WalletRpcAction = { chain_id: string; method: string; params: unknown[] };
type Action = { type: "walletRpc"; data: WalletRpcAction } | { type: "build"; data: { data: string } };
type Option = {
  id: string;
  account: string;
  amount: { value: string; display: { assetSymbol: string } };
  actions: Action[];
};

function cliClient(merchant: ChainMerchant) {
  const sdkHeaders = {
    "Content-Type": "application/json",
    "Wcp-Version": "2026-02-19.preview",
    "Sdk-Name": "walletconnect-pay-cli",
    "Sdk-Version": "0.0.0-test",
    "Sdk-Platform": "node",
  };
  // Each CLI run is one client address of its own (per-address limits count only what this test does).
  const ip = uniqueClientIp();
  const request = async <T>(path: string, headers: Record<string, string>, body?: unknown): Promise<T> => {
    const res = await fetch(`${inject("baseUrl")}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { ...headers, "x-forwarded-for": ip },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    expect(res.headers.get("wcp-version")).toBe("2026-02-19.preview");
    return (await res.json()) as T;
  };
  const gw = { ...sdkHeaders, "Api-Key": "cli-wallet-key" };
  return {
    createPayment: (value: string) =>
      request<{ paymentId: string; status: string }>(
        "/v1/merchant/payment",
        { ...sdkHeaders, "Api-Key": merchant.apiKey, "Merchant-Id": merchant.merchantId },
        { amount: { unit: "iso4217/USD", value }, referenceId: `cli-${Date.now()}` },
      ),
    getPayment: (id: string) =>
      request<{ status: string; amount: { value: string }; merchant: { name: string }; expiresAt: number }>(
        `/v1/gateway/payment/${id}`,
        gw,
      ),
    getPaymentOptions: (id: string, accounts: string[]) =>
      request<{ options: Option[] }>(`/v1/gateway/payment/${id}/options`, gw, { accounts }),
    confirmPayment: (id: string, optionId: string, results: string[]) =>
      request<{ status: string }>(`/v1/gateway/payment/${id}/confirm`, gw, {
        optionId,
        results: [{ type: "walletRpc", data: results }],
      }),
    pollStatus: async (id: string) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const status = await request<{
          status: string;
          isFinal: boolean;
          pollInMs: number | null;
          info: { txId: string } | null;
        }>(`/v1/gateway/payment/${id}/status`, gw);
        if (status.isFinal || Date.now() > deadline) return status;
        await new Promise((r) => setTimeout(r, status.pollInMs ?? 1000));
      }
    },
  };
}

/** The CLI's resolveAction: a wallet RPC as is, a build by hex-decoding its data into a WalletRpcAction JSON. */
function resolveAction(action: Action): WalletRpcAction {
  if (action.type === "walletRpc") return action.data;
  return JSON.parse(Buffer.from(action.data.data, "hex").toString("utf-8")) as WalletRpcAction;
}

/** Gateway calls the server logged for this payment, by last path segment. */
async function loggedCalls(paymentId: string): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 300));
  return readFileSync(inject("serverLog"), "utf8")
    .split("\n")
    .filter((line) => line.includes(`/v1/gateway/payment/${paymentId}`))
    .map((line) => (JSON.parse(line) as { path: string }).path.split(`${paymentId}`)[1] || "/");
}

async function checkout(namespace: "eip155" | "solana", value: string) {
  const { evm, solana } = inject("devnet");
  const merchant = await chainMerchant();
  const cli = cliClient(merchant);
  const created = await cli.createPayment(value);
  const payment = await cli.getPayment(created.paymentId);
  expect(payment).toMatchObject({ status: "requires_action", amount: { value }, merchant: { name: "Chain Shop" } });

  const buyer = namespace === "eip155" ? evm.buyers[0]! : solana.buyers[0]!;
  const account =
    namespace === "eip155"
      ? `${evm.chainId}:${(buyer as { address: string }).address}`
      : `${solana.chainId}:${(buyer as { publicKey: string }).publicKey}`;
  const { options } = await cli.getPaymentOptions(created.paymentId, [account]);
  const option = options[0]!;
  expect(option.account).toBe(account);

  const wallet = devnetWallet({
    evm: { privateKey: evm.buyers[0]!.privateKey as Hex, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    solana: { secretKey: solana.buyers[0]!.secretKey },
  });
  const results: string[] = [];
  for (const action of option.actions) {
    const rpc = resolveAction(action);
    results.push(
      await wallet({
        type: "walletRpc",
        walletRpc: { chainId: rpc.chain_id, method: rpc.method, params: JSON.stringify(rpc.params) },
      }),
    );
  }
  await cli.confirmPayment(created.paymentId, option.id, results);
  const final = await cli.pollStatus(created.paymentId);
  expect(final).toMatchObject({
    status: "succeeded",
    isFinal: true,
    pollInMs: null,
    info: { txId: expect.any(String) },
  });
  // The CLI never calls fetch: the server saw none for this payment, and no fetch-time build is stored.
  const calls = await loggedCalls(created.paymentId);
  expect(calls).toEqual(expect.arrayContaining(["/", "/options", "/confirm", "/status"]));
  expect(calls).not.toContain("/fetch");
  const [row] = await testDb().sql`select built_message, offered_message from payment_options where id = ${option.id}`;
  expect(row).toMatchObject({
    built_message: null,
    offered_message: namespace === "solana" ? expect.any(String) : null,
  });
  return { option, merchant, txId: final.info!.txId, paymentId: created.paymentId };
}

describe("the WalletConnect Pay CLI's flow (no fetch) on the local chains", () => {
  it("EVM: options[0] is a wallet RPC; signed, confirmed, and info.txId is the transfer on chain", async () => {
    const { evm } = inject("devnet");
    const { option, merchant, txId } = await checkout("eip155", "1725");
    const client = createPublicClient({ transport: http(evm.rpcUrl) });
    const receipt = await client.getTransactionReceipt({ hash: txId as Hex });
    expect(receipt.status).toBe("success");
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs });
    expect(
      transfers.map((t) => ({ from: t.args.from.toLowerCase(), to: t.args.to.toLowerCase(), value: t.args.value })),
    ).toContainEqual({
      from: evm.buyers[0]!.address.toLowerCase(),
      to: merchant.evmAddress.toLowerCase(),
      value: BigInt(option.amount.value),
    });
  });

  it("Solana: options[0] is a build whose data is a ready solana_signTransaction; signed without fetch, co-signed, and info.txId is the landed transaction", async () => {
    const { solana } = inject("devnet");
    const { option, txId } = await checkout("solana", "275");
    expect(option.actions).toHaveLength(1);
    expect(option.actions[0]!.type).toBe("build");
    const rpc = resolveAction(option.actions[0]!);
    expect(rpc).toEqual({
      chain_id: solana.chainId,
      method: "solana_signTransaction",
      params: [{ transaction: expect.any(String) }],
    });
    const connection = new Connection(solana.rpcUrl, "confirmed");
    const landed = await connection.getTransaction(txId, {
      commitment: "confirmed",
      maxSupportedTransactionVersion: 0,
    });
    expect(landed?.meta?.err).toBeNull();
    const mint = solana.tokens.find((t) => t.symbol === option.amount.display.assetSymbol)!.mint;
    const merchantGot = (landed!.meta!.postTokenBalances ?? []).find(
      (b) => b.owner === solana.merchant.publicKey && b.mint === mint,
    );
    const merchantHad = (landed!.meta!.preTokenBalances ?? []).find(
      (b) => b.owner === solana.merchant.publicKey && b.mint === mint,
    );
    expect(BigInt(merchantGot!.uiTokenAmount.amount) - BigInt(merchantHad?.uiTokenAmount.amount ?? "0")).toBe(
      BigInt(option.amount.value),
    );
  });

  it("Solana: a reused option answers the same build action; a fetch-time build beside it leaves the options-time one payable", async () => {
    const { solana } = inject("devnet");
    const merchant = await chainMerchant();
    const cli = cliClient(merchant);
    const { paymentId } = await cli.createPayment("180");
    const account = `${solana.chainId}:${solana.buyers[1]!.publicKey}`;
    const first = (await cli.getPaymentOptions(paymentId, [account])).options[0]!;
    const again = (await cli.getPaymentOptions(paymentId, [account])).options[0]!;
    expect(again).toEqual(first);
    // An option offered long enough ago that its transaction's blockhash may be dying is not handed
    // out again: asking then gets a new option with a new transaction (the old one stays payable).
    const aged = await cli.createPayment("181");
    const old = (await cli.getPaymentOptions(aged.paymentId, [account])).options[0]!;
    await testDb().sql`update payment_options set created_at = now() - interval '50 seconds' where id = ${old.id}`;
    const renewed = (await cli.getPaymentOptions(aged.paymentId, [account])).options[0]!;
    expect(renewed.id).not.toBe(old.id);
    expect(renewed.actions).not.toEqual(old.actions);
    // A wallet that does call fetch gets a newer transaction; the CLI's, built when offered, still pays.
    const fetched = await fetch(`${inject("baseUrl")}/v1/gateway/payment/${paymentId}/fetch`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueClientIp() },
      body: JSON.stringify({ optionId: first.id, data: (first.actions[0] as { data: { data: string } }).data.data }),
    });
    expect(fetched.status).toBe(200);
    const wallet = devnetWallet({ solana: { secretKey: solana.buyers[1]!.secretKey } });
    const sign = (action: Action) => {
      const rpc = resolveAction(action);
      return wallet({
        type: "walletRpc",
        walletRpc: { chainId: rpc.chain_id, method: rpc.method, params: JSON.stringify(rpc.params) },
      });
    };
    // Another payment's options-time transaction (same buyer, shop and amount) does not pay this one.
    const other = await cli.createPayment("180");
    const otherOption = (await cli.getPaymentOptions(other.paymentId, [account])).options[0]!;
    await expect(cli.confirmPayment(paymentId, first.id, [await sign(otherOption.actions[0]!)])).rejects.toThrow(/422/);
    await cli.confirmPayment(paymentId, first.id, [await sign(first.actions[0]!)]);
    expect(await cli.pollStatus(paymentId)).toMatchObject({ status: "succeeded", info: { txId: expect.any(String) } });
  });
});
