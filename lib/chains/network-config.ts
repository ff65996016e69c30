import { z } from "zod";
import { DECIMAL_AMOUNT } from "@/lib/money/decimal-units";
import { isCurrencyCode } from "@/lib/money/iso4217";
import { isNativeAsset, parseAssetId, parseChainId } from "./caip";

const caip2 = z.string().refine((v) => parseChainId(v) !== undefined, "must be a CAIP-2 chain id, e.g. eip155:8453");
const caip19 = z
  .string()
  .refine((v) => parseAssetId(v) !== undefined, "must be a CAIP-19 asset id, e.g. eip155:8453/erc20:0x…");

// Shown by the checkout and sent to wallets (as a full URL on PUBLIC_BASE_URL when it is a path here).
const iconUrl = z
  .string()
  .max(2048)
  .refine(
    (v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/(?!\/)[^\s]*$/.test(v) || v.startsWith("data:image/"),
    "must be an http(s) URL, a data:image/ URL or a path on this service starting with /",
  );

const staticPrice = z.object({
  currency: z.string().refine(isCurrencyCode, "must be an ISO 4217 code"),
  value: z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/, 'must be a positive decimal string, e.g. "150.25"'),
});

/**
 * An accepted asset: a token (`…/erc20:0x…`, `…/token:<mint>`) or the network's own coin
 * (`eip155:…/slip44:60` ETH, `solana:…/slip44:501` SOL), which buyers pay as a plain value transfer.
 */
export const tokenConfigSchema = z.object({
  caip19,
  symbol: z.string().min(1).max(16),
  name: z.string().min(1).max(64),
  decimals: z.number().int().min(0).max(36),
  iconUrl: iconUrl.nullish(),
  /** EIP-3009 transferWithAuthorization: gasless for the buyer, relayed by the service. */
  eip3009: z.boolean().default(false),
  /** The fiat currency the token is worth 1:1 (stablecoins); null prices it through a price source. */
  peggedTo: z.string().refine(isCurrencyCode, "must be an ISO 4217 code").nullish(),
  /** Static price of one whole token (the default price source), for tokens without a peg. */
  price: staticPrice.nullish(),
  /**
   * A stablecoin whose own feed (`<symbol>/USD` in some network's priceFeeds) strays from its peg by
   * more than this many basis points is not offered. Default 100 (1%).
   */
  pegToleranceBps: z.number().int().min(0).max(10_000).nullish(),
});

/**
 * A Chainlink-style aggregator (`latestRoundData`, `decimals`) on this network: `pair` "EUR/USD" says one
 * EUR is worth answer / 10^decimals USD. Every price composes through USD, so only `…/USD` pairs are read.
 */
const priceFeedSchema = z.object({
  pair: z.string().regex(/^[A-Z0-9]{2,16}\/USD$/, "must be a pair quoted in USD, e.g. EUR/USD or ETH/USD"),
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a contract address, 0x + 40 hex digits"),
  /** An answer older than this (by its updatedAt) is not used: the pair is unpriced until the feed moves. */
  maxAgeSeconds: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600),
  /** Two feeds of one pair (on two networks) disagreeing by more than this leave the pair unpriced. Default 100. */
  maxDeviationBps: z.number().int().min(1).max(10_000).nullish(),
});

/** The coin a network's gas is paid in. */
const nativeCurrencySchema = z.object({
  symbol: z.string().min(1).max(16),
  decimals: z.number().int().min(0).max(36),
  /** Static price of one whole coin: values the fees the service pays on this network (relays, Solana fees, rent). */
  price: staticPrice.nullish(),
});

const rpcUrl = z.url({ protocol: /^https?$/ });

/** What a network's tokens may be, by namespace: a token contract or mint, or the native coin. */
const ASSET_KINDS: Record<string, string[]> = { eip155: ["erc20", "slip44"], solana: ["token", "slip44"] };

export const networkConfigSchema = z
  .object({
    chainId: caip2,
    name: z.string().min(1).max(64),
    /** The one RPC endpoint of a network; `rpcUrls` lists several. Give one of the two. */
    rpcUrl: rpcUrl.nullish(),
    /**
     * RPC endpoints in order of preference: every call goes to the best-ranked one that answers and
     * fails over to the next (see rpc-endpoints.ts). They may carry provider keys: never shown or logged.
     */
    rpcUrls: z.array(rpcUrl).min(1).max(8).nullish(),
    /**
     * RPC URL the checkout may hand to a buyer's wallet when it asks the wallet to add this chain.
     * Separate from rpcUrls, which may carry a provider key and never leave the server.
     */
    publicRpcUrl: z.url({ protocol: /^https?$/ }).nullish(),
    /** Blocks (EVM) or commitment depth (Solana: 1 = confirmed, 32 = finalized) before succeeded. */
    confirmations: z.number().int().min(0).max(1000).default(1),
    /**
     * EVM: blocks after which a transfer is final and no longer watched for reorgs. Unset: the node's
     * `finalized` block (64 deep where a node has no such tag).
     */
    finalityDepth: z.number().int().min(1).max(10_000).nullish(),
    iconUrl: iconUrl.nullish(),
    /** Explorer link for a transaction, with `{tx}` where the hash goes. */
    explorerTxUrl: z.string().includes("{tx}").nullish(),
    tokens: z.array(tokenConfigSchema).min(1),
    /** Default: ETH (18 decimals) on EVM networks, SOL (9) on Solana, without a price. */
    nativeCurrency: nativeCurrencySchema.nullish(),
    /** Warn when this network's gas key holds less native coin than this (overrides GAS_BALANCE_WARN). */
    gasBalanceWarn: z
      .string()
      .regex(DECIMAL_AMOUNT, 'must be a decimal amount of the native coin, e.g. "0.05"')
      .nullish(),
    /** Price feeds read on this network (EVM only) for payments on every network: see README "Prices". */
    priceFeeds: z.array(priceFeedSchema).max(64).nullish(),
  })
  .superRefine((network, ctx) => {
    if (!network.rpcUrl === !network.rpcUrls) {
      const message = network.rpcUrl ? "give rpcUrls or rpcUrl, not both" : "required: rpcUrls (a list) or rpcUrl";
      ctx.addIssue({ code: "custom", path: ["rpcUrls"], message });
    }
    network.rpcUrls?.forEach((url, i) => {
      if (network.rpcUrls!.indexOf(url) !== i) {
        ctx.addIssue({ code: "custom", path: ["rpcUrls", i], message: "listed twice" });
      }
    });
    if (network.priceFeeds?.length && !network.chainId.startsWith("eip155:")) {
      ctx.addIssue({ code: "custom", path: ["priceFeeds"], message: "price feeds are read on EVM networks only" });
    }
    network.priceFeeds?.forEach((feed, i) => {
      if (network.priceFeeds!.findIndex((f) => f.pair === feed.pair) !== i) {
        ctx.addIssue({
          code: "custom",
          path: ["priceFeeds", i, "pair"],
          message: `${feed.pair} is configured twice on this network`,
        });
      }
    });
    network.tokens.forEach((token, i) => {
      if (!token.caip19.startsWith(`${network.chainId}/`)) {
        ctx.addIssue({
          code: "custom",
          path: ["tokens", i, "caip19"],
          message: `must be an asset of ${network.chainId}`,
        });
      }
      const asset = parseAssetId(token.caip19);
      const kinds = ASSET_KINDS[asset?.chain.namespace ?? ""];
      if (asset && kinds && !kinds.includes(asset.assetNamespace)) {
        ctx.addIssue({
          code: "custom",
          path: ["tokens", i, "caip19"],
          message: `must be one of ${kinds.map((k) => `${network.chainId}/${k}:…`).join(", ")}`,
        });
      }
      if (isNativeAsset(token.caip19) && token.eip3009) {
        ctx.addIssue({
          code: "custom",
          path: ["tokens", i, "eip3009"],
          message: "the network's own coin has no EIP-3009",
        });
      }
    });
  });

export const networksFileSchema = z.object({ networks: z.array(networkConfigSchema) });

export type TokenConfig = z.infer<typeof tokenConfigSchema>;
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
export type NativeCurrency = z.infer<typeof nativeCurrencySchema>;
export type PriceFeedConfig = z.infer<typeof priceFeedSchema>;

/** A network's RPC endpoints in the operator's order of preference: `rpcUrls`, or the one `rpcUrl`. */
export function rpcUrlsOf(network: Pick<NetworkConfig, "chainId" | "rpcUrl" | "rpcUrls">): string[] {
  if (network.rpcUrls?.length) return network.rpcUrls;
  if (network.rpcUrl) return [network.rpcUrl];
  throw new Error(`network ${network.chainId} has no rpcUrl`);
}
