import { loadNetworks } from "@/lib/chains/load-networks";
import { rpcUrlsOf } from "@/lib/chains/network-config";
import { endpointRecord } from "@/lib/chains/rpc-endpoints";
import type { RpcEndpointHealth, RpcNetworkHealth } from "./rpc-health-schemas";

/**
 * Each configured network's RPC endpoints as this process has seen them in its own calls and probes
 * (never a call made for the asking: /healthz does not wait on a chain). Empty when the networks
 * cannot be listed.
 */
export function listRpcHealth(): RpcNetworkHealth[] {
  let networks;
  try {
    networks = loadNetworks();
  } catch {
    return []; // a broken networks file: the gas list is empty too, and /healthz says degraded
  }
  return networks.map((network) => ({
    network: network.chainId,
    name: network.name,
    endpoints: rpcUrlsOf(network).map((url) => endpointHealthOf(network.chainId, url)),
  }));
}

/** A network none of whose endpoints answered its last call: nothing on it can settle now. */
export function isUnreachable(network: RpcNetworkHealth): boolean {
  return network.endpoints.some((e) => e.state === "failing") && !network.endpoints.some((e) => e.state === "ok");
}

function endpointHealthOf(chainId: string, url: string): RpcEndpointHealth {
  const record = endpointRecord(chainId, url);
  const answered = record?.samples.filter((s) => s.ok) ?? [];
  const last = record?.samples.at(-1);
  return {
    host: new URL(url).host,
    state: !last ? "unknown" : last.ok ? "ok" : "failing",
    latencyMs: answered.length ? Math.round(answered.reduce((sum, s) => sum + s.ms, 0) / answered.length) : null,
    lastError: record?.lastError ?? null,
    failingSince: record?.failingSince?.toISOString() ?? null,
    lastOkAt: record?.lastOkAt?.toISOString() ?? null,
  };
}
