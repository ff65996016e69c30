import {
  createPublicClient,
  defineChain,
  getAddress,
  http,
  isAddress,
  type Address,
  type Chain,
  type PublicClient,
} from "viem";
import { ChainVerificationError } from "../chain-adapter";
import { parseAssetId, parseChainId } from "../caip";
import type { NetworkConfig, TokenConfig } from "../network-config";

export type EvmClient = { chainId: number; chain: Chain; publicClient: PublicClient };

// One client per RPC endpoint for the life of the process: viem clients are cheap but keep-alive
// connections and request batching are per client.
const clients = new Map<string, EvmClient>();

/** The numeric chain id of an `eip155:<n>` network; throws on any other namespace. */
export function evmChainIdOf(network: NetworkConfig): number {
  const parsed = parseChainId(network.chainId);
  const id = parsed?.namespace === "eip155" && /^[1-9][0-9]*$/.test(parsed.reference) ? Number(parsed.reference) : NaN;
  if (!Number.isSafeInteger(id)) throw new Error(`not an EVM network: ${network.chainId}`);
  return id;
}

/** The public client of `network`, created on first use and cached by RPC URL and chain id. */
export function evmClientFor(network: NetworkConfig): EvmClient {
  const chainId = evmChainIdOf(network);
  const key = `${chainId} ${network.rpcUrl}`;
  let client = clients.get(key);
  if (!client) {
    const chain = defineChain({
      id: chainId,
      name: network.name,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [network.rpcUrl] } },
    });
    // cacheTime 0: confirmation depth must come from the latest block, not a 4 s old one.
    const publicClient = createPublicClient({ chain, transport: http(network.rpcUrl), cacheTime: 0 });
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
