import { currentDeadline } from "@/lib/concurrency/deadline";
import { observeRpcCall, type RpcFailure } from "@/lib/metrics/observe-rpc-call";
import { recordRpcOutcome } from "./rpc-endpoints";

export type RpcFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * `fetch` for one RPC endpoint (`url` of `chainId`): each request is abandoned after `timeoutMs`, or
 * sooner when the task it serves runs out of time (`withDeadline`), and its outcome is recorded for
 * ranking and /healthz. The body is read here, within the same bounds, so a node that sends headers
 * and then stalls fails like one that sends nothing.
 */
export function endpointFetch(chainId: string, url: string, timeoutMs: number): RpcFetch {
  return async (input, init = {}) => {
    const deadline = currentDeadline();
    if (deadline?.aborted) throw deadline.reason;
    const signals = [AbortSignal.timeout(timeoutMs), deadline, init.signal].filter((s): s is AbortSignal => !!s);
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const res = await fetch(input, { ...init, signal: AbortSignal.any(signals) });
      const body = await res.arrayBuffer();
      observeRpcCall({ chainId, url, ms: ms(), failure: res.ok ? undefined : "http" });
      recordRpcOutcome(
        chainId,
        url,
        res.ok ? { ok: true, ms: ms() } : { ok: false, ms: ms(), error: `HTTP ${res.status}` },
      );
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (error) {
      // Our own deadline ran out: the caller gave up, which says nothing about the endpoint.
      observeRpcCall({ chainId, url, ms: ms(), failure: deadline?.aborted ? undefined : failureKindOf(error) });
      if (!deadline?.aborted) recordRpcOutcome(chainId, url, { ok: false, ms: ms(), error: failureOf(error, ms()) });
      throw error;
    }
  };
}

/** A failure in our words: the fetch error's own text may quote the URL, and with it a provider key. */
function failureOf(error: unknown, ms: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${ms} ms`;
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === "string" ? `connection failed (${code})` : "request failed";
}

function failureKindOf(error: unknown): RpcFailure {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  return (error as { cause?: { code?: unknown } })?.cause?.code ? "connection" : "other";
}
