import { gasAccounts } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import { nativeCurrencyOf } from "@/lib/chains/native-currency";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { loadNetworks } from "@/lib/chains/load-networks";
import { formatUnits } from "@/lib/dashboard/format";
import { env } from "@/lib/env";
import { decimalToUnitsCeil } from "@/lib/money/decimal-units";
import type { GasEntry } from "./gas-schemas";
import { gasStatusOf } from "./gas-status";

/** A gas key to watch: which network, which address, and the line under which it is low. */
export type GasTarget = {
  network: NetworkConfig;
  namespace: "eip155" | "solana";
  address: string;
  symbol: string;
  decimals: number;
  warnBelow: bigint;
};

/** Every configured network whose namespace has a gas key, with its warning line in base units. */
export function listGasTargets(): GasTarget[] {
  const accounts = gasAccounts();
  const fallback = env().GAS_BALANCE_WARN;
  return loadNetworks().flatMap((network) => {
    const namespace = namespaceOf(network.chainId);
    if (namespace !== "eip155" && namespace !== "solana") return [];
    const address = accounts[namespace];
    if (!address) return [];
    const { symbol, decimals } = nativeCurrencyOf(network);
    return [
      {
        network,
        namespace,
        address,
        symbol,
        decimals,
        warnBelow: decimalToUnitsCeil(network.gasBalanceWarn ?? fallback, decimals),
      },
    ];
  });
}

/** The report of one target: `balance` null when the chain did not answer. */
export function gasEntryOf(target: GasTarget, balance: bigint | null, checkedAt: Date | null): GasEntry {
  return {
    network: target.network.chainId,
    name: target.network.name,
    address: target.address,
    balance: balance === null ? null : formatUnits(balance, target.decimals),
    baseUnits: balance === null ? null : balance.toString(),
    symbol: target.symbol,
    warnBelow: formatUnits(target.warnBelow, target.decimals),
    status: gasStatusOf(balance, target.warnBelow),
    checkedAt: checkedAt?.toISOString() ?? null,
  };
}
