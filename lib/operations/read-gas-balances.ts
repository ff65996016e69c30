import { readEvmNativeBalance } from "@/lib/chains/evm/read-native-balance";
import { readSolanaNativeBalance } from "@/lib/chains/solana/read-native-balance";
import type { GasEntry } from "./gas-schemas";
import { gasEntryOf, listGasTargets, type GasTarget } from "./list-gas-targets";

const readers = { eip155: readEvmNativeBalance, solana: readSolanaNativeBalance };

// Long enough for a distant RPC provider, short enough that an operator's `cli gas` does not hang.
const READ_TIMEOUT_MS = 5_000;

/**
 * Read every gas key's native balance now, all networks at once, each bounded by `timeoutMs`. A
 * chain that fails or does not answer in time gives an "unknown" entry; this never throws for a chain.
 */
export async function readGasBalances(timeoutMs = READ_TIMEOUT_MS): Promise<GasEntry[]> {
  return Promise.all(listGasTargets().map((target) => readOne(target, timeoutMs)));
}

async function readOne(target: GasTarget, timeoutMs: number): Promise<GasEntry> {
  const balance = await readers[target.namespace](target.network, target.address, timeoutMs).catch(() => null);
  return gasEntryOf(target, balance, new Date());
}
