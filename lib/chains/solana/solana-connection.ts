import { Connection } from "@solana/web3.js";
import { z } from "zod";
import { ChainRpcError } from "@/lib/chains/chain-adapter";
import { currentDeadline, outsideDeadline } from "@/lib/concurrency/deadline";
import { env } from "@/lib/env";
import { rpcUrlsOf, type NetworkConfig } from "../network-config";
import { PROBE_TIMEOUT_MS, RANK_INTERVAL_MS, rankEndpoints } from "../rpc-endpoints";
import { endpointFetch, type RpcFetch } from "../rpc-fetch";
import { processWide } from "@/lib/process-wide";

const connections = new Map<string, Connection>();
/** A network's shared connection (and its fetch) are kept under its id and endpoints. */
const connectionKey = (network: NetworkConfig) => `${network.chainId} ${rpcUrlsOf(network).join(" ")}`;

/** The shared connections' failover fetch, for the calls made without web3.js (solanaRequest). */
const sharedFetches = new Map<string, RpcFetch>();

// One prober per network and process, whichever bundle's copy of this module starts it.
const probing = processWide("solana-probing", () => new Set<string>());

const GET_HEALTH = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getHealth" });

/**
 * The Connection to `network`, reading at "confirmed" (the node default, finalized, lags ~13 s on
 * mainnet). Each request goes to the best-ranked of the network's endpoints and on to the next when
 * one fails, answers a non-2xx status or says nothing for `timeoutMs` (default RPC_TIMEOUT_MS): the
 * same behaviour as the EVM clients' viem fallback. The shared one (no options) also probes every
 * endpoint of a network that has several, so one that stopped or came back is ranked accordingly.
 */
export function solanaConnection(network: NetworkConfig, options: { timeoutMs?: number } = {}): Connection {
  const urls = rpcUrlsOf(network);
  const shared = options.timeoutMs === undefined;
  const key = connectionKey(network);
  let connection = shared ? connections.get(key) : undefined;
  if (!connection) {
    const timeoutMs = options.timeoutMs ?? env().RPC_TIMEOUT_MS;
    const fetch = failoverFetch(network.chainId, urls, timeoutMs);
    connection = new Connection(urls[0]!, {
      commitment: "confirmed",
      fetch,
      // A 429 fails over like any other refusal; what still fails is retried by the caller's own schedule.
      disableRetryOnRateLimit: true,
      httpAgent: false, // unused by Node's fetch, which keeps its own connections
    });
    if (shared) {
      connections.set(key, connection);
      sharedFetches.set(key, fetch);
      if (urls.length > 1) startProbing(network.chainId, urls, Math.min(PROBE_TIMEOUT_MS, timeoutMs));
    }
  }
  return connection;
}

/** Tries `urls` best-ranked first; the first 2xx answer wins, else the last failure is the answer. */
function failoverFetch(chainId: string, urls: string[], timeoutMs: number): RpcFetch {
  const fetchers = new Map(urls.map((url) => [url, endpointFetch(chainId, url, timeoutMs)]));
  return async (_endpoint, init) => {
    let failure: { answer: Response } | { error: unknown } = { error: new Error("no RPC endpoint") };
    for (const url of rankEndpoints(chainId, urls)) {
      try {
        const res = await fetchers.get(url)!(url, init);
        if (res.ok) return res;
        failure = { answer: res };
      } catch (error) {
        if (currentDeadline()?.aborted) throw error;
        failure = { error };
      }
    }
    if ("answer" in failure) return failure.answer;
    throw failure.error;
  };
}

function startProbing(chainId: string, urls: string[], timeoutMs: number): void {
  const key = `${chainId} ${urls.join(" ")}`;
  if (probing.has(key)) return;
  probing.add(key);
  const probes = urls.map((url) => ({ url, fetch: endpointFetch(chainId, url, timeoutMs) }));
  const probe = () => {
    for (const { url, fetch } of probes) {
      // The outcome is recorded by endpointFetch; nobody waits for it.
      fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: GET_HEALTH }).catch(() => {});
    }
  };
  // Outside the deadline of whichever check made the first connection: the timer outlives it.
  outsideDeadline(() => {
    probe();
    setInterval(probe, RANK_INTERVAL_MS).unref();
  });
}

/** Runs one RPC read; any failure is the node's (ChainRpcError: retryable), never the buyer's. */
export async function solanaRpc<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ChainRpcError(`Solana RPC ${what} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

// The error first: `result: unknown` would also take an answer without a result.
const rpcAnswer = z.union([
  z.object({ error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }) }),
  z.object({ result: z.unknown() }),
]);
export type SolanaRpcAnswer = z.infer<typeof rpcAnswer>;

/**
 * One JSON-RPC call to `network` through the shared connection's endpoints (the same failover and
 * deadlines), its answer parsed only as far as the JSON-RPC envelope: for the confirm path's calls,
 * where web3.js would decode wire bytes the service already holds and validate the answer field by
 * field (superstruct), which cost more CPU than the call. A node's error answer is returned, not
 * thrown; a transport failure or a non-2xx answer is a ChainRpcError.
 */
export async function solanaRequest(
  network: NetworkConfig,
  method: string,
  params: unknown[],
): Promise<SolanaRpcAnswer> {
  solanaConnection(network); // makes the shared connection, and its fetch, on first use
  const fetch = sharedFetches.get(connectionKey(network))!;
  return solanaRpc(method, async () => {
    const res = await fetch("", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const answer = rpcAnswer.safeParse(await res.json());
    if (!answer.success) throw new Error("the node's answer is not JSON-RPC");
    return answer.data;
  });
}
