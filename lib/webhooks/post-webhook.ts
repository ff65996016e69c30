import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isPrivateAddress } from "./private-address";

export type PostResult = {
  statusCode: number | null;
  error: string | null;
  body: string;
  durationMs: number;
  /** No answer came within the timeout (the endpoint's next attempts get a shorter one). */
  timedOut?: boolean;
  /** `cut` aborted before any answer came (this process is shutting down): the attempt is handed back. */
  cut?: boolean;
};

const BODY_KEEP = 1024;
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves as usual, then refuses the connection when any address is private. It runs when the socket
 * connects, on the address actually used, so a name that resolved to a public address at registration
 * and to 10.0.0.1 now (DNS rebinding) is still refused. A name that does not resolve gets the same
 * words in the delivery log as a private one, so the log cannot tell which internal names exist.
 */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    const first = addresses?.[0];
    if (err || !first || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(
        Object.assign(new Error(`refused: ${hostname} does not resolve to public addresses only`), {
          code: "EPRIVATE",
        }),
        [],
      );
    if (options.all) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
}

/**
 * POST a signed event. Only the status line counts: redirects are not followed, the first 1 KB of the
 * body is kept and the rest is not read, and the whole exchange is cut at `timeoutMs`, so a slow or
 * huge answer cannot hold a worker slot. Never throws; the result says what happened. The body is
 * kept as the receiver sent it (NUL included): recording makes it storable.
 */
export function postWebhook(
  target: string,
  {
    body,
    headers,
    timeoutMs,
    allowPrivate,
    cut,
  }: { body: string; headers: Record<string, string>; timeoutMs: number; allowPrivate: boolean; cut?: AbortSignal },
): Promise<PostResult> {
  const started = performance.now();
  const done = ({
    statusCode,
    error,
    kept = "",
    timedOut = false,
  }: {
    statusCode: number | null;
    error: string | null;
    kept?: string;
    timedOut?: boolean;
  }) => ({
    statusCode,
    error,
    body: kept,
    durationMs: Math.round(performance.now() - started),
    timedOut,
  });
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // An address literal never goes through lookup, so it is judged here.
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.resolve(done({ statusCode: null, error: `refused: ${host} is not a public address` }));
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = client.request(url, {
      method: "POST",
      agent: agents[url.protocol as "http:" | "https:"],
      lookup: allowPrivate ? undefined : guardedLookup,
      headers: {
        "content-type": "application/json",
        "user-agent": "payment-service-webhooks/1",
        "content-length": Buffer.byteLength(body),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      finish(done({ statusCode: null, error: `timed out after ${timeoutMs} ms`, kept: "", timedOut: true }));
      req.destroy();
    }, timeoutMs);
    req.on("error", (err) => finish(done({ statusCode: null, error: err.message })));
    // Once the status line is in, it counts: a cut then takes the answer as it stands.
    let answered: (() => void) | undefined;
    const onCut = () => {
      if (answered) return answered();
      finish({ ...done({ statusCode: null, error: "cut: the service shut down before an answer came" }), cut: true });
      req.destroy();
    };
    if (cut?.aborted) return onCut();
    cut?.addEventListener("abort", onCut, { once: true });
    req.on("close", () => cut?.removeEventListener("abort", onCut));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const complete = () =>
        finish(
          done({
            statusCode: res.statusCode ?? null,
            error: null,
            kept: Buffer.concat(chunks).toString("utf8").slice(0, BODY_KEEP),
          }),
        );
      answered = complete;
      res.on("data", (chunk: Buffer) => {
        if (kept < BODY_KEEP) chunks.push(chunk.subarray(0, BODY_KEEP - kept));
        kept += chunk.length;
        if (kept >= BODY_KEEP) {
          complete();
          res.destroy();
        }
      });
      res.on("end", complete);
      res.on("error", complete);
    });
    req.end(body);
  });
}
