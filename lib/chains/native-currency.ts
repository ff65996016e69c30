import { namespaceOf } from "./caip";
import type { NativeCurrency, NetworkConfig } from "./network-config";

const DEFAULTS: Record<string, NativeCurrency> = {
  eip155: { symbol: "ETH", decimals: 18 },
  solana: { symbol: "SOL", decimals: 9 },
};

/** The coin the network's gas is paid in: as configured, else the namespace's usual one (unpriced). */
export function nativeCurrencyOf(network: NetworkConfig): NativeCurrency {
  return network.nativeCurrency ?? DEFAULTS[namespaceOf(network.chainId)] ?? { symbol: "native", decimals: 18 };
}
