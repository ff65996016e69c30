import { parseAccountId } from "@/lib/chains/caip";
import { loadNetworks } from "@/lib/chains/load-networks";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { ApiError, type FieldIssue } from "@/lib/errors/api-error";
import { parseEvmAddress, parseSolanaAddress } from "./receiving-address";

export type ParsedSettlement = { asset: string; destination: string; network: NetworkConfig };

/** The configured network whose tokens include `asset`, if any. */
export function networkOfAsset(asset: string): NetworkConfig | undefined {
  return loadNetworks().find((n) => n.tokens.some((t) => t.caip19 === asset));
}

/**
 * Check settlement destinations before anything is written: each asset must be a token this service
 * is configured for, and each destination a valid address on that asset's chain (a USDC on Base
 * cannot settle to a Solana account). Destinations come back in canonical form (EIP-55 on EVM). Every
 * bad field is named at once in a 400 `params_validation`; `field` is where it sits in the body.
 */
export function parseSettlementsOrThrow(
  items: { asset: string; destination: string; field: string }[],
): ParsedSettlement[] {
  const issues: FieldIssue[] = [];
  const parsed: ParsedSettlement[] = [];
  for (const item of items) {
    const network = networkOfAsset(item.asset);
    if (!network) {
      issues.push({
        field: `${item.field}asset`,
        message: `${item.asset.slice(0, 100)} is not a token this service accepts`,
      });
      continue;
    }
    const destination = canonicalDestination(network, item.destination);
    if (typeof destination === "string") parsed.push({ asset: item.asset, destination, network });
    else issues.push({ field: `${item.field}destination`, message: destination.error });
  }
  if (issues.length > 0)
    throw new ApiError("params_validation", `Settlement is invalid (${issues[0]!.field}: ${issues[0]!.message})`, {
      issues,
    });
  return parsed;
}

function canonicalDestination(network: NetworkConfig, destination: string): string | { error: string } {
  const account = parseAccountId(destination);
  if (!account || account.chain.id !== network.chainId)
    return { error: `must be an account on ${network.chainId}, the asset's chain` };
  try {
    if (account.chain.namespace === "eip155") return `${network.chainId}:${parseEvmAddress(account.address)}`;
    if (account.chain.namespace === "solana") return `${network.chainId}:${parseSolanaAddress(account.address)}`;
  } catch (err) {
    return {
      error:
        err instanceof Error
          ? err.message.replace(/^Invalid [^"]+"[^"]*": /, "is not valid: ")
          : "is not a valid address",
    };
  }
  return { error: `${account.chain.namespace} accounts are not supported` };
}
