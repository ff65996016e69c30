import { adapterFor } from "@/lib/chains/adapters";
import { GAS_KEY_FORMS } from "@/lib/chains/signers/gas-signers";
import { namespaceOf } from "@/lib/chains/caip";
import { loadNetworks } from "@/lib/chains/load-networks";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";

/** The setting that holds each namespace's gas key. */
const GAS_KEY_SETTING: Record<string, string> = {
  eip155: "EVM_RELAYER_PRIVATE_KEY",
  solana: "SOLANA_FEE_PAYER_SECRET_KEY",
};

/**
 * What a start checks before it touches the database, so that a broken deployment stops with the reason
 * instead of serving errors: every setting valid, the networks file readable and valid, and a well-formed
 * gas key for every namespace a configured network uses. Throws an Error naming what is wrong; returns
 * the networks.
 */
export function checkStartSettings(): NetworkConfig[] {
  const settings = env();
  let networks: NetworkConfig[];
  try {
    networks = loadNetworks();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(
      message.startsWith("NETWORKS_FILE") ? message : `NETWORKS_FILE ${settings.NETWORKS_FILE}: ${message}`,
    );
  }
  for (const namespace of new Set(networks.map((n) => namespaceOf(n.chainId)))) {
    const setting = GAS_KEY_SETTING[namespace];
    const names = networks.filter((n) => namespaceOf(n.chainId) === namespace).map((n) => n.chainId);
    if (!setting) throw new Error(`NETWORKS_FILE names ${names.join(", ")}: namespace ${namespace} is not supported`);
    if (adapterFor(namespace)) continue;
    // A key given in any form but unusable already stopped the start (checkGasSigners); here none is given.
    throw new Error(
      `no gas key for networks ${names.join(", ")}: set ${GAS_KEY_FORMS[namespace as keyof typeof GAS_KEY_FORMS]}`,
    );
  }
  return networks;
}
