import { env } from "@/lib/env";
import { namespaceOf } from "./caip";
import type { ChainAdapter } from "./chain-adapter";
import { createEvmAdapter } from "./evm/evm-adapter";
import { loadNetworks } from "./load-networks";
import { GAS_KEY_FORMS, resolveGasSigners, type GasSigners } from "./signers/gas-signers";
import { createSolanaAdapter } from "./solana/solana-adapter";

/** The public addresses of the service's gas keys, by namespace. Never the keys themselves. */
export type GasAccounts = { eip155?: string; solana?: string };

let adapters: Map<string, ChainAdapter> | undefined;

/**
 * The adapter for a namespace, built once with the service's gas signers (lib/chains/signers: a key, a
 * keystore or a remote signer; outside production the running devnet's key when none is configured).
 * Undefined for a namespace without a gas key.
 */
export function adapterFor(namespace: string): ChainAdapter | undefined {
  if (!adapters?.size) adapters = buildAdapters(resolveGasSigners(env())); // none yet: a devnet started after the app is picked up
  return adapters.get(namespace);
}

/** The addresses that pay gas (EVM relayer, Solana fee payer): those of the adapters' own keys. */
export function gasAccounts(): GasAccounts {
  return { eip155: adapterFor("eip155")?.gasAddress, solana: adapterFor("solana")?.gasAddress };
}

/**
 * At start: every gas key configured is usable (readable, its keystore opened), and under
 * NODE_ENV=production every namespace a network of NETWORKS_FILE uses has its key, since no devnet key
 * stands in for a deployment's networks. Throws an Error saying what is missing; the start stops on it.
 */
export function checkGasSigners(): void {
  const settings = env();
  resolveGasSigners(settings);
  if (settings.NODE_ENV !== "production") return;
  const networks = loadNetworks();
  for (const namespace of ["eip155", "solana"] as const) {
    const names = networks.filter((n) => namespaceOf(n.chainId) === namespace).map((n) => n.chainId);
    if (names.length && !adapterFor(namespace))
      throw new Error(
        `networks ${names.join(", ")} need a gas key under NODE_ENV=production: set ${GAS_KEY_FORMS[namespace]}`,
      );
  }
}

function buildAdapters(signers: GasSigners): Map<string, ChainAdapter> {
  const map = new Map<string, ChainAdapter>();
  if (signers.eip155) map.set("eip155", createEvmAdapter({ relayer: signers.eip155 }));
  if (signers.solana) map.set("solana", createSolanaAdapter({ feePayer: signers.solana }));
  return map;
}
