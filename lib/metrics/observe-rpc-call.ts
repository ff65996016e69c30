import { metricsHost } from "./metrics-host";

/** Why a call failed at the endpoint, in few enough words to be a label. */
export type RpcFailure = "timeout" | "connection" | "http" | "other";

/**
 * Count one call to an RPC endpoint of network `chainId`, labelled by the URL's host alone (the path and
 * query of a provider's URL carry its key), with how long it took and, if it failed, why.
 */
export function observeRpcCall({
  chainId,
  url,
  ms,
  failure,
}: {
  chainId: string;
  url: string;
  ms: number;
  failure?: RpcFailure;
}): void {
  try {
    const labels = { network: chainId, endpoint: new URL(url).host };
    const host = metricsHost();
    host.rpcRequests.inc(labels);
    host.rpcDuration.observe(labels, ms / 1000);
    if (failure) host.rpcErrors.inc({ ...labels, reason: failure });
  } catch {
    // A broken series is no reason to fail the call it measures.
  }
}
