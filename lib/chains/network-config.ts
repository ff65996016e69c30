import { z } from "zod";
import { DECIMAL_AMOUNT } from "@/lib/money/decimal-units";
import { isCurrencyCode } from "@/lib/money/iso4217";
import { parseAssetId, parseChainId } from "./caip";

const caip2 = z.string().refine((v) => parseChainId(v) !== undefined, "must be a CAIP-2 chain id, e.g. eip155:8453");
const caip19 = z.string().refine((v) => parseAssetId(v) !== undefined, "must be a CAIP-19 asset id, e.g. eip155:8453/erc20:0x…");

// Shown by the checkout and sent to wallets (as a full URL on PUBLIC_BASE_URL when it is a path here).
const iconUrl = z
  .string()
  .max(2048)
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/(?!\/)[^\s]*$/.test(v) || v.startsWith("data:image/"), "must be an http(s) URL, a data:image/ URL or a path on this service starting with /");

const staticPrice = z.object({
  currency: z.string().refine(isCurrencyCode, "must be an ISO 4217 code"),
  value: z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/, "must be a positive decimal string, e.g. \"150.25\""),
});

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
});

/** The coin a network's gas is paid in. */
const nativeCurrencySchema = z.object({
  symbol: z.string().min(1).max(16),
  decimals: z.number().int().min(0).max(36),
  /** Static price of one whole coin: values the fees the service pays on this network (relays, Solana fees, rent). */
  price: staticPrice.nullish(),
});

export const networkConfigSchema = z
  .object({
    chainId: caip2,
    name: z.string().min(1).max(64),
    rpcUrl: z.url({ protocol: /^https?$/ }),
    /**
     * RPC URL the checkout may hand to a buyer's wallet when it asks the wallet to add this chain.
     * Separate from rpcUrl, which may carry a provider key and never leaves the server.
     */
    publicRpcUrl: z.url({ protocol: /^https?$/ }).nullish(),
    /** Blocks (EVM) or commitment depth (Solana: 1 = confirmed, 32 = finalized) before succeeded. */
    confirmations: z.number().int().min(0).max(1000).default(1),
    iconUrl: iconUrl.nullish(),
    /** Explorer link for a transaction, with `{tx}` where the hash goes. */
    explorerTxUrl: z.string().includes("{tx}").nullish(),
    tokens: z.array(tokenConfigSchema).min(1),
    /** Default: ETH (18 decimals) on EVM networks, SOL (9) on Solana, without a price. */
    nativeCurrency: nativeCurrencySchema.nullish(),
    /** Warn when this network's gas key holds less native coin than this (overrides GAS_BALANCE_WARN). */
    gasBalanceWarn: z.string().regex(DECIMAL_AMOUNT, "must be a decimal amount of the native coin, e.g. \"0.05\"").nullish(),
  })
  .superRefine((network, ctx) => {
    network.tokens.forEach((token, i) => {
      if (!token.caip19.startsWith(`${network.chainId}/`)) {
        ctx.addIssue({ code: "custom", path: ["tokens", i, "caip19"], message: `must be an asset of ${network.chainId}` });
      }
    });
  });

export const networksFileSchema = z.object({ networks: z.array(networkConfigSchema) });

export type TokenConfig = z.infer<typeof tokenConfigSchema>;
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
export type NativeCurrency = z.infer<typeof nativeCurrencySchema>;
