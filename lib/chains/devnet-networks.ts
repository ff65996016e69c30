import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import type { NetworkConfig } from "./network-config";

/** The part of `.devnet/devnet.json` (written by `npm run devnet`) the service reads. */
const devnetFileSchema = z.object({
  pid: z.number().int(),
  evm: z.object({
    chainId: z.string(),
    rpcUrl: z.string(),
    tokens: z.array(
      z.object({
        symbol: z.string(),
        name: z.string().optional(),
        address: z.string(),
        decimals: z.number().int(),
        eip3009: z.boolean(),
      }),
    ),
    // Absent in files written before the devnet had feeds: such a devnet prices by peg alone.
    priceFeeds: z.array(z.object({ pair: z.string(), address: z.string() })).default([]),
    relayer: z.object({ privateKey: z.string() }),
  }),
  solana: z.object({
    chainId: z.string(),
    rpcUrl: z.string(),
    tokens: z.array(
      z.object({ symbol: z.string(), name: z.string().optional(), mint: z.string(), decimals: z.number().int() }),
    ),
    feePayer: z.object({ secretKey: z.string() }),
  }),
});

export type DevnetFile = z.infer<typeof devnetFileSchema>;

/** The devnet description, if the file exists and the devnet process that wrote it is alive. */
export function readRunningDevnet(path: string): DevnetFile | undefined {
  if (!existsSync(path)) return undefined;
  const parsed = devnetFileSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) return undefined;
  try {
    process.kill(parsed.data.pid, 0);
  } catch {
    return undefined; // a stale file from a devnet that is gone
  }
  return parsed.data;
}

// The devnet's feeds move only when a test or `npm run devnet -- set-price` moves them, so a day keeps
// a long demo priced while a test can still age a feed past it.
export const DEVNET_FEED_MAX_AGE_SECONDS = 86_400;

/** Local chains as network configuration: stablecoins pegged to USD, one confirmation, the devnet's price feeds. */
export function devnetNetworks(devnet: DevnetFile): NetworkConfig[] {
  return [
    {
      chainId: devnet.evm.chainId,
      name: "Local EVM (anvil)",
      rpcUrl: devnet.evm.rpcUrl,
      // Loopback chains: the buyer's wallet runs on the same machine and may add the chain itself.
      publicRpcUrl: devnet.evm.rpcUrl,
      iconUrl: "/icons/ethereum.svg",
      confirmations: 1,
      // Fixed prices on the local chains, so the fees the service pays there have a value in USD.
      nativeCurrency: { symbol: "ETH", decimals: 18, price: { currency: "USD", value: "2500" } },
      priceFeeds: devnet.evm.priceFeeds.map((f) => ({
        pair: f.pair,
        address: f.address,
        maxAgeSeconds: DEVNET_FEED_MAX_AGE_SECONDS,
      })),
      tokens: [
        ...devnet.evm.tokens.map((t) => ({
          caip19: `${devnet.evm.chainId}/erc20:${t.address}`,
          symbol: t.symbol,
          name: t.name ?? t.symbol,
          decimals: t.decimals,
          eip3009: t.eip3009,
          iconUrl: tokenIcon(t.symbol),
          peggedTo: "USD",
        })),
        // The chain's own coin, priced by the ETH/USD feed (not offered without one).
        nativeToken({
          caip19: `${devnet.evm.chainId}/slip44:60`,
          symbol: "ETH",
          name: "Ether",
          decimals: 18,
          iconUrl: "/icons/ethereum.svg",
        }),
      ],
    },
    {
      chainId: devnet.solana.chainId,
      name: "Local Solana (LiteSVM)",
      rpcUrl: devnet.solana.rpcUrl,
      publicRpcUrl: devnet.solana.rpcUrl,
      iconUrl: "/icons/solana.svg",
      confirmations: 1,
      nativeCurrency: { symbol: "SOL", decimals: 9, price: { currency: "USD", value: "150" } },
      tokens: [
        ...devnet.solana.tokens.map((t) => ({
          caip19: `${devnet.solana.chainId}/token:${t.mint}`,
          symbol: t.symbol,
          name: t.name ?? t.symbol,
          decimals: t.decimals,
          eip3009: false,
          iconUrl: tokenIcon(t.symbol),
          peggedTo: "USD",
        })),
        // SOL, priced by the SOL/USD feed read on the EVM devnet.
        nativeToken({
          caip19: `${devnet.solana.chainId}/slip44:501`,
          symbol: "SOL",
          name: "Solana",
          decimals: 9,
          iconUrl: "/icons/solana.svg",
        }),
      ],
    },
  ];
}

/** A network's own coin as an accepted asset: no peg, no static price, so only its `<SYMBOL>/USD` feed prices it. */
function nativeToken(token: { caip19: string; symbol: string; name: string; decimals: number; iconUrl: string }) {
  return { ...token, eip3009: false, peggedTo: null };
}

/** Icons shipped in public/icons for the devnet's tokens (paths on this app's own origin). */
function tokenIcon(symbol: string): string | null {
  return symbol === "USDC" || symbol === "USDT" ? `/icons/${symbol.toLowerCase()}.svg` : null;
}
