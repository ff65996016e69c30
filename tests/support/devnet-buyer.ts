import { decodeFunctionData, encodeFunctionData, erc20Abi, type Hex } from "viem";
import type { DevnetInfo } from "@payment-service/devnet";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { uniqueClientIp } from "./client-ip";
import type { RunningServer } from "./server";

// Free of any test runner: the browser tests call these with their devnet fixture, the integration
// suite through pay-steps.ts (which supplies its own devnet).

type Server = Pick<RunningServer, "url">;
type Merchant = { merchantId: string; apiKey: string };
/** An action as the gateway sends it: a build, or a wallet RPC in both of its forms. */
export type WireAction = {
  type: string;
  data: { data?: string };
  walletRpc?: { chainId: string; method: string; params: string };
};
export type WireOption = {
  id: string;
  account: string;
  amount: { display: { assetSymbol: string } };
  actions: WireAction[];
};
/** A devnet buyer's wallet: performs one wallet RPC action and returns the result confirm expects. */
export type BuyerWallet = (action: WireAction) => Promise<string>;

/** A call to one server's gateway, from a client address of its own (as many buyers' calls would be: per-address limits stay out of the way). */
export function gatewayAt(
  server: Server,
  {
    paymentId,
    path,
    body,
    headers = {},
  }: { paymentId: string; path: string; body?: unknown; headers?: Record<string, string> },
): Promise<Response> {
  return fetch(`${server.url}/v1/gateway/payment/${paymentId}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": uniqueClientIp(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export type CreatedPayment = { paymentId: string; gatewayUrl: string; expiresAt: number };

/** The merchant creates a payment through the API, with the body it chooses; throws unless 201. */
export async function createPaymentWith(
  server: Server,
  merchant: Merchant,
  body: Record<string, unknown>,
): Promise<CreatedPayment> {
  const res = await fetch(`${server.url}/v1/merchant/payment`, {
    method: "POST",
    headers: { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreatedPayment;
}

export async function createPaymentAt(server: Server, merchant: Merchant, value: string): Promise<string> {
  return (
    await createPaymentWith(server, merchant, { amount: { unit: "iso4217/USD", value }, referenceId: `steps-${value}` })
  ).paymentId;
}

export type Signed = { paymentId: string; optionId: string; result: string };

/**
 * What a wallet asks first, against `server`: the options for buyer `buyerIndex` of `devnet`, and
 * the one of `symbol` on `namespace`; with that buyer's wallet, to act on it now or later.
 */
export async function optionForDevnetBuyer(
  server: Server,
  {
    paymentId,
    namespace,
    symbol,
    buyerIndex,
    devnet,
  }: { paymentId: string; namespace: "eip155" | "solana"; symbol: string; buyerIndex: number; devnet: DevnetInfo },
): Promise<{ option: WireOption; wallet: BuyerWallet }> {
  const { evm, solana } = devnet;
  const evmBuyer = evm.buyers[buyerIndex]!;
  const solBuyer = solana.buyers[buyerIndex]!;
  const account =
    namespace === "eip155" ? `${evm.chainId}:${evmBuyer.address}` : `${solana.chainId}:${solBuyer.publicKey}`;
  const perform = devnetWallet({
    evm: { privateKey: evmBuyer.privateKey as `0x${string}`, rpcUrl: evm.rpcUrl, chainId: evm.chainIdNumber },
    solana: { secretKey: solBuyer.secretKey },
  });
  // A network that cannot build its transactions right now (a node slow past RPC_TIMEOUT_MS on a
  // loaded machine) is left out of that answer and tried again at the next call: a wallet asks again.
  let offered: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { options } = (await (
      await gatewayAt(server, { paymentId, path: "/options", body: { accounts: [account] } })
    ).json()) as {
      options: WireOption[];
    };
    const option = options.find((o) => o.amount.display.assetSymbol === symbol);
    if (option) return { option, wallet: (action) => perform(action as Parameters<typeof perform>[0]) };
    offered = options.map((o) => o.amount.display.assetSymbol);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no ${symbol} option in three answers (the last offered: ${offered.join(", ") || "none"})`);
}

/**
 * What a wallet does up to confirm: `optionForDevnetBuyer`, fetch when the option is a build, and
 * the wallet's result (for `eth_sendTransaction` the transfer is on chain by then, as with a real
 * wallet; on a chain that mines nothing, in its mempool).
 */
export async function signWithDevnetBuyer(
  server: Server,
  {
    paymentId,
    namespace,
    symbol,
    buyerIndex,
    devnet,
  }: { paymentId: string; namespace: "eip155" | "solana"; symbol: string; buyerIndex: number; devnet: DevnetInfo },
): Promise<Signed> {
  const { option, wallet } = await optionForDevnetBuyer(server, { paymentId, namespace, symbol, buyerIndex, devnet });
  let action = option.actions[0]!;
  if (action.type === "build") {
    const fetched = (await (
      await gatewayAt(server, { paymentId, path: "/fetch", body: { optionId: option.id, data: action.data.data } })
    ).json()) as { actions: WireAction[] };
    action = fetched.actions[0]!;
  }
  return { paymentId, optionId: option.id, result: await wallet(action) };
}

/**
 * An ERC-20 `transfer` action as a wallet that changed the amount would send it, keeping the
 * payment's reference (the 32 bytes after the call data): the money still reaches the merchant
 * bound to the payment, short or over.
 */
export function withTransferAmount<A extends { walletRpc?: { params: string } }>(action: A, amount: bigint): A {
  const params = JSON.parse(action.walletRpc!.params) as [{ data: Hex }];
  const data = params[0].data;
  const reference = data.slice(-64);
  const { args } = decodeFunctionData({ abi: erc20Abi, data: data.slice(0, -64) as Hex });
  params[0].data = `${encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [args[0] as Hex, amount] })}${reference}`;
  return { ...action, walletRpc: { ...action.walletRpc!, params: JSON.stringify(params) } };
}

/** The wallet's confirm; a connection cut by a crash resolves to undefined. */
export async function confirmAt(server: Server, signed: Signed): Promise<Response | undefined> {
  return gatewayAt(server, {
    paymentId: signed.paymentId,
    path: "/confirm",
    body: { optionId: signed.optionId, results: [signed.result] },
  }).catch(() => undefined);
}
