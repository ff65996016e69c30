import type { DevnetInfo } from "@payment-service/devnet";
import { devnetWallet } from "@payment-service/devnet/wallet";
import { uniqueClientIp } from "../../tests/support/client-ip";

export type Chain = "evm" | "solana";
type WireAction = {
  type: string;
  data: { data?: string };
  walletRpc: { chainId: string; method: string; params: string };
};
type WireOption = { id: string; amount: { value: string; display: { assetSymbol: string } }; actions: WireAction[] };

/** One payment made ready up to its confirm, as a wallet would leave it. */
export type Prepared = {
  paymentId: string;
  chain: Chain;
  /** The instance whose gateway the buyer talked to, and confirms at. */
  appUrl: string;
  /** The buyer's address as the proxy in front of the app forwards it (per-address limits). */
  clientIp: string;
  /** Token base units the merchant must receive. */
  tokenAmount: bigint;
  confirmBody: string;
};

type Merchant = { merchantId: string; apiKey: string };

/** The chain of payment i: alternating, so each instance confirms both kinds (see instanceOf). */
export const chainOf = (i: number): Chain => (i % 2 === 0 ? "evm" : "solana");
/** Pairs of payments alternate instances, so instances and chains do not line up. */
export const instanceOf = (i: number, instances: number) => Math.floor(i / 2) % instances;

async function call({
  url,
  clientIp,
  body,
  headers = {},
}: {
  url: string;
  clientIp: string;
  body: unknown;
  headers?: Record<string, string>;
}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": clientIp, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url.replace(/^https?:\/\/[^/]+/, "")}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** Run `task` over `items` with at most `limit` in flight; results in item order. */
async function pool<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Everything a wallet does before confirm, for `count` payments: create (merchant API), options
 * for one devnet buyer (USDC: EIP-3009 on anvil, SPL on Solana), fetch for Solana, sign. Solana
 * fetches come last, so their blockhashes (valid ~60 s) are as fresh as possible when confirms fire.
 */
export async function preparePayments(
  devnet: DevnetInfo,
  {
    appUrls,
    merchant,
    count,
    concurrency,
  }: { appUrls: string[]; merchant: Merchant; count: number; concurrency: number },
): Promise<Prepared[]> {
  const { evm, solana } = devnet;
  const indexes = Array.from({ length: count }, (_, i) => i);
  const created = await pool(indexes, concurrency, async (i) => {
    const appUrl = appUrls[instanceOf(i, appUrls.length)]!;
    const headers = { "api-key": merchant.apiKey, "merchant-id": merchant.merchantId };
    const body = { amount: { unit: "iso4217/USD", value: String(100 + i) }, referenceId: `bench-settle-${i}` };
    const { paymentId } = (await call({
      url: `${appUrl}/v1/merchant/payment`,
      clientIp: uniqueClientIp(),
      body,
      headers,
    })) as {
      paymentId: string;
    };
    return {
      paymentId,
      appUrl,
      chain: chainOf(i),
      clientIp: uniqueClientIp(),
      buyer: Math.floor(i / 2) % evm.buyers.length,
    };
  });

  const optioned = await pool(created, concurrency, async (p) => {
    const account =
      p.chain === "evm"
        ? `${evm.chainId}:${evm.buyers[p.buyer]!.address}`
        : `${solana.chainId}:${solana.buyers[p.buyer]!.publicKey}`;
    const { options } = (await call({
      url: `${p.appUrl}/v1/gateway/payment/${p.paymentId}/options`,
      clientIp: p.clientIp,
      body: { accounts: [account] },
    })) as { options: WireOption[] };
    const option = options.find((o) => o.amount.display.assetSymbol === "USDC");
    if (!option) throw new Error(`${p.paymentId}: no USDC option for ${account}`);
    return { ...p, option };
  });

  const ordered = [...optioned.filter((p) => p.chain === "evm"), ...optioned.filter((p) => p.chain === "solana")];
  const signed = await pool(ordered, concurrency, async (p) => {
    let action = p.option.actions[0]!;
    if (action.type === "build") {
      const fetched = (await call({
        url: `${p.appUrl}/v1/gateway/payment/${p.paymentId}/fetch`,
        clientIp: p.clientIp,
        body: { optionId: p.option.id, data: action.data.data },
      })) as { actions: WireAction[] };
      action = fetched.actions[0]!;
    }
    const wallet = devnetWallet({
      evm: {
        privateKey: evm.buyers[p.buyer]!.privateKey as `0x${string}`,
        rpcUrl: evm.rpcUrl,
        chainId: evm.chainIdNumber,
      },
      solana: { secretKey: solana.buyers[p.buyer]!.secretKey },
    });
    const result = await wallet({ type: "walletRpc", walletRpc: action.walletRpc });
    return {
      ...p,
      tokenAmount: BigInt(p.option.amount.value),
      confirmBody: JSON.stringify({ optionId: p.option.id, results: [result] }),
    };
  });
  const byId = new Map(signed.map((p) => [p.paymentId, p]));
  // Back in payment order (alternating chains), the order confirms are fired in.
  return created.map(({ paymentId }) => {
    const { appUrl, chain, clientIp, tokenAmount, confirmBody } = byId.get(paymentId)!;
    return { paymentId, appUrl, chain, clientIp, tokenAmount, confirmBody };
  });
}
