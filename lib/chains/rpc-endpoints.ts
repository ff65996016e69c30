import { processWide } from "@/lib/process-wide";

/*
 * What this process has seen of each RPC endpoint: the outcome of its last calls (the service's own
 * and the ranking probes). Solana's failover ranks endpoints from it; /healthz reports it.
 */

/** How many recent outcomes an endpoint is judged on (ranking, failure share, latency). */
export const RANK_SAMPLES = 10;
/** How often a network with several endpoints probes each of them, so that one that stopped or came back is noticed. */
export const RANK_INTERVAL_MS = 5_000;
/** A probe unanswered after this counts as a failure (a healthy endpoint answers a probe far sooner). */
export const PROBE_TIMEOUT_MS = 2_000;

export type RpcOutcome = { ok: true; ms: number } | { ok: false; ms: number; error: string };

export type EndpointRecord = {
  /** The last RANK_SAMPLES outcomes, oldest first. */
  samples: { ok: boolean; ms: number }[];
  lastOkAt?: Date;
  /** When the current run of failures began; unset while the endpoint answers. */
  failingSince?: Date;
  /** The last failure, in our own words (never the node's text, which may quote the URL). */
  lastError?: string;
};

// On globalThis: Next.js bundles the jobs (which make most calls) apart from the /healthz route,
// each with its own copy of this module.
const records = processWide("rpc-endpoints", () => new Map<string, EndpointRecord>());

const keyOf = (chainId: string, url: string) => `${chainId} ${url}`;

/** Notes one call's outcome on `url` (a JSON-RPC error answer is an answer: only transport failures fail). */
export function recordRpcOutcome(chainId: string, url: string, outcome: RpcOutcome): void {
  const key = keyOf(chainId, url);
  const record = records.get(key) ?? { samples: [] };
  record.samples.push({ ok: outcome.ok, ms: outcome.ms });
  if (record.samples.length > RANK_SAMPLES) record.samples.shift();
  if (outcome.ok) {
    record.lastOkAt = new Date();
    record.failingSince = undefined;
  } else {
    record.failingSince ??= new Date();
    record.lastError = outcome.error;
  }
  records.set(key, record);
}

/** What has been seen of `url` on `chainId`; undefined before its first call. */
export function endpointRecord(chainId: string, url: string): EndpointRecord | undefined {
  return records.get(keyOf(chainId, url));
}

/**
 * `urls` best first: fewest failures among their recent outcomes, ties in the operator's order.
 * Latency does not reorder them: near-equal endpoints would swap on noise, and the operator's
 * order says which provider is preferred (the one paid for, the one nearby). The same rule as the
 * EVM clients' viem ranking (stability only).
 */
export function rankEndpoints(chainId: string, urls: readonly string[]): string[] {
  const failures = (url: string) => endpointRecord(chainId, url)?.samples.filter((s) => !s.ok).length ?? 0;
  return urls
    .map((url, index) => ({ url, index, failures: failures(url) }))
    .sort((a, b) => a.failures - b.failures || a.index - b.index)
    .map((e) => e.url);
}
