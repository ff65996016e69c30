import { Agent, request } from "undici";
import { currentDeadline } from "@/lib/concurrency/deadline";
import { observeRpcCall, type RpcFailure } from "@/lib/metrics/observe-rpc-call";
import { recordRpcOutcome } from "./rpc-endpoints";
import { BufferedResponse } from "./buffered-response";

export type RpcFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * One pool of kept-alive connections per process for every RPC endpoint. The RPC path goes through
 * undici's `request`, not the global `fetch`: Next.js patches that one for its data cache, and
 * fetch's web streams cost more CPU than the JSON they carry (about a tenth of an instance's busy time
 * under the settlement benchmark).
 */
const rpcAgent = new Agent({ keepAliveTimeout: 30_000, connections: 32 });

/**
 * `fetch` for one RPC endpoint (`url` of `chainId`): each request is abandoned after `timeoutMs`, or
 * sooner when the task it serves runs out of time (`withDeadline`), and its outcome is recorded for
 * ranking and /healthz. The body is read here, within the same bounds, so a node that sends headers
 * and then stalls fails like one that sends nothing; the answer is a Response already read.
 */
export function endpointFetch(chainId: string, url: string, timeoutMs: number): RpcFetch {
  return async (input, init = {}) => {
    const deadline = currentDeadline();
    if (deadline?.aborted) throw deadline.reason;
    const signals = [AbortSignal.timeout(timeoutMs), deadline, init.signal].filter((s): s is AbortSignal => !!s);
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const res = await request(urlOf(input), {
        method: (init.method ?? "GET") as "GET" | "POST",
        headers: headersOf(init.headers),
        body: init.body as string | Uint8Array | null | undefined,
        signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals),
        dispatcher: rpcAgent,
      });
      const body = await res.body.text();
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      observeRpcCall({ chainId, url, ms: ms(), failure: ok ? undefined : "http" });
      recordRpcOutcome(
        chainId,
        url,
        ok ? { ok: true, ms: ms() } : { ok: false, ms: ms(), error: `HTTP ${res.statusCode}` },
      );
      return new BufferedResponse(res.statusCode, res.headers, body) as unknown as Response;
    } catch (error) {
      // Our own deadline ran out: the caller gave up, which says nothing about the endpoint.
      observeRpcCall({ chainId, url, ms: ms(), failure: deadline?.aborted ? undefined : failureKindOf(error) });
      if (!deadline?.aborted) recordRpcOutcome(chainId, url, { ok: false, ms: ms(), error: failureOf(error, ms()) });
      throw error;
    }
  };
}

function urlOf(input: string | URL | Request): string | URL {
  return typeof input === "string" || input instanceof URL ? input : input.url;
}

function headersOf(headers: HeadersInit | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return headers as Record<string, string>;
}

/** A failure in our words: the error's own text may quote the URL, and with it a provider key. */
function failureOf(error: unknown, ms: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${ms} ms`;
  const code = codeOf(error);
  return code ? `connection failed (${code})` : "request failed";
}

function failureKindOf(error: unknown): RpcFailure {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timeout";
  return codeOf(error) ? "connection" : "other";
}

/** The socket's or undici's error code (ECONNREFUSED, UND_ERR_SOCKET): aborts are told apart by name first. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}
