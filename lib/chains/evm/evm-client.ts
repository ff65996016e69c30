import {
  createPublicClient,
  defineChain,
  fallback,
  getAddress,
  http,
  isAddress,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
} from "viem";
import { outsideDeadline } from "@/lib/concurrency/deadline";
import { env } from "@/lib/env";
import { ChainVerificationError } from "../chain-adapter";
import { parseAssetId, parseChainId } from "../caip";
import { rpcUrlsOf, type NetworkConfig, type TokenConfig } from "../network-config";
import { PROBE_TIMEOUT_MS, RANK_INTERVAL_MS, RANK_SAMPLES, rankEndpoints } from "../rpc-endpoints";
import { endpointFetch } from "../rpc-fetch";

export type EvmClient = { chainId: number; chain: Chain; publicClient: PublicClient };

// One client per network for the life of the process: viem clients are cheap but keep-alive
// connections and the endpoints' ranking are per client.
const clients = new Map<string, EvmClient>();

/** The numeric chain id of an `eip155:<n>` network; throws on any other namespace. */
export function evmChainIdOf(network: NetworkConfig): number {
  const parsed = parseChainId(network.chainId);
  const id = parsed?.namespace === "eip155" && /^[1-9][0-9]*$/.test(parsed.reference) ? Number(parsed.reference) : NaN;
  if (!Number.isSafeInteger(id)) throw new Error(`not an EVM network: ${network.chainId}`);
  return id;
}

/**
 * The transport to `network`'s RPC endpoints, every request bounded by `timeoutMs` per endpoint
 * (default RPC_TIMEOUT_MS). With several endpoints, viem's fallback: a request that fails or times
 * out goes to the next one. A long-lived client's transport (`ranking`) ranks them by probing each
 * every RANK_INTERVAL_MS, fewest failures first, ties in the configured order (the rule
 * rpc-endpoints.ts applies to Solana); a one-off's keeps the order known when it is made. `retryCount`
 * passes over the whole list again after a short wait.
 */
export function evmTransport(
  network: NetworkConfig,
  options: { timeoutMs?: number; retryCount?: number; ranking?: boolean } = {},
): Transport {
  const timeout = options.timeoutMs ?? env().RPC_TIMEOUT_MS;
  const configured = rpcUrlsOf(network);
  const ranking = options.ranking === true && configured.length > 1;
  // viem's ranking breaks ties by the order it is given: the configured one.
  const urls = ranking ? configured : rankEndpoints(network.chainId, configured);
  const transports = urls.map((url) =>
    http(url, { timeout, retryCount: 0, fetchFn: endpointFetch(network.chainId, url, timeout) }),
  );
  return fallback(transports, {
    retryCount: options.retryCount ?? 1,
    rank: ranking && {
      interval: RANK_INTERVAL_MS,
      sampleCount: RANK_SAMPLES,
      timeout: Math.min(PROBE_TIMEOUT_MS, timeout),
      weights: { stability: 1, latency: 0 },
      ping: ({ transport }) => transport.request({ method: "eth_blockNumber" }),
    },
  });
}

/** The public client of `network`, created on first use and cached by chain id and RPC endpoints. */
export function evmClientFor(network: NetworkConfig): EvmClient {
  const chainId = evmChainIdOf(network);
  const urls = rpcUrlsOf(network);
  const key = `${chainId} ${urls.join(" ")}`;
  let client = clients.get(key);
  if (!client) {
    const chain = defineChain({
      id: chainId,
      name: network.name,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: urls } },
    });
    // cacheTime 0: confirmation depth must come from the latest block, not a 4 s old one. Created
    // outside the calling task's deadline, which the ranking's timers would otherwise keep for good.
    const publicClient = outsideDeadline(() =>
      createPublicClient({ chain, transport: evmTransport(network, { ranking: true }), cacheTime: 0 }),
    ) as PublicClient;
    client = { chainId, chain, publicClient };
    clients.set(key, client);
  }
  return client;
}

/** An EVM address from the intent, checksummed; anything else is refused. */
export function addressOrThrow(value: string, what: string): Address {
  if (!isAddress(value, { strict: false })) throw new ChainVerificationError(`${what} is not an EVM address: ${value}`);
  return getAddress(value);
}

/** The ERC-20 contract of `token`: the CAIP-19 asset reference, which must be on `network`. */
export function tokenAddressOf(network: NetworkConfig, token: TokenConfig): Address {
  const asset = parseAssetId(token.caip19);
  if (
    !asset ||
    asset.chain.id !== network.chainId ||
    asset.assetNamespace !== "erc20" ||
    !isAddress(asset.assetReference, { strict: false })
  ) {
    throw new Error(`token ${token.caip19} is not an ERC-20 on ${network.chainId}`);
  }
  return getAddress(asset.assetReference);
}

/** Case-insensitive address equality (RPCs answer lowercase, configuration is checksummed). */
export function sameAddress(a: string | null | undefined, b: string): boolean {
  return typeof a === "string" && a.toLowerCase() === b.toLowerCase();
}
