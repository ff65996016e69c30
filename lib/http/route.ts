import { randomBase62 } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import { isDataException, postgresErrorOf } from "@/lib/errors/postgres-error";
import { statusOf } from "./error-status";
import { log, runWithRequestId } from "@/lib/log";
import { observeRequest } from "@/lib/metrics/observe-request";
import { apiVersionOf, isVersionedPath, LATEST_API_VERSION } from "./api-version";
import { assertWithinRateLimit } from "./assert-within-rate-limit";
import { assertNoNul } from "./assert-no-nul";
import { clientNetwork } from "./client-ip";
import type { RateLimitBucket } from "./create-rate-limiter";

export type RouteInput<P> = { req: Request; params: P; requestId: string };
type RouteContext<P> = { params: Promise<P> };
type RouteParams = Record<string, string | string[] | undefined>;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
// Visible ASCII, space and tab. Node hands header bytes over as latin-1, so anything above 0x7e
// (or a control character) arrived as non-ASCII on the wire.
const ASCII_HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * Wraps every route handler: request id, header hygiene, the single catch that turns any failure
 * into `{code, message}` (never a stack trace), and exactly one log line per request.
 * `options.headers` go on every response, errors included (e.g. deprecation notices).
 * Every /v1 route is versioned here, so no route can forget it: the request's `WCP-Version` /
 * `Api-Version` is checked (400 `invalid_api_version` / `unknown_api_version`) before anything else
 * runs but header hygiene, and every answer, errors included, names the version it was served
 * under in `WCP-Version` (the latest when the request named none or an unusable one).
 * `options.rateLimit` counts the call against the client address's budget in that bucket before
 * the handler runs (429 `rate_limited` with Retry-After beyond it, whatever the request holds).
 */
export function route<P = Record<string, never>>(
  handler: (input: RouteInput<P>) => Promise<Response>,
  options: { headers?: Record<string, string>; rateLimit?: RateLimitBucket } = {},
) {
  return async (req: Request, ctx: RouteContext<P>): Promise<Response> => {
    const incoming = req.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : `req_${randomBase62(12)}`;
    // Everything the request causes, however deep, logs with its id (lib/log.ts).
    return runWithRequestId(requestId, () => serve(req, ctx, requestId));
  };

  async function serve(req: Request, ctx: RouteContext<P>, requestId: string): Promise<Response> {
    const started = performance.now();
    const url = new URL(req.url);
    const path = url.pathname;
    let version = isVersionedPath(path) ? LATEST_API_VERSION : undefined;
    let res: Response;
    let failure: unknown;
    let params: P | undefined;
    try {
      assertAsciiHeaders(req.headers);
      if (version) version = apiVersionOf(req.headers);
      if (options.rateLimit) await assertWithinRateLimit(options.rateLimit, clientNetwork(req));
      params = await ctx.params;
      for (const [name, value] of url.searchParams) assertNoNul({ [name]: value }, "Query");
      assertNoNul(params, "Path");
      res = await handler({ req, params, requestId });
    } catch (err) {
      failure = err;
      res = errorResponse(err);
    }
    res.headers.set("x-request-id", requestId);
    if (version) res.headers.set("wcp-version", version);
    for (const [name, value] of Object.entries(options.headers ?? {})) res.headers.set(name, value);
    // A request refused before its params were read is still labelled by its route, never by its raw path.
    params ??= await Promise.resolve(ctx?.params).catch(() => undefined);
    const seconds = (performance.now() - started) / 1000;
    observeRequest({ method: req.method, path, params: params as RouteParams | undefined }, res.status, seconds);
    const line = {
      reqId: requestId,
      method: req.method,
      path,
      status: res.status,
      ms: Math.round(seconds * 10_000) / 10,
    };
    const pgError = postgresErrorOf(failure);
    if (res.status >= 500) log.error({ ...line, err: failure }, "request failed");
    // A value the database refused is the client's fault, yet worth seeing: a check may be missing.
    else if (pgError) log.warn({ ...line, sqlstate: pgError.code }, "request refused by the database");
    else log.info(line, "request");
    return res;
  }
}

/**
 * Answers under this many characters go out uncompressed. Next.js drops a route's Content-Length, so its
 * compression middleware cannot apply its own 1 KB threshold and gzips every answer: for a few hundred
 * bytes of JSON that costs a zlib stream (more CPU than the request's own work) and saves no bytes.
 * `no-transform` is how a response says so to that middleware (and to proxies on the way).
 */
const COMPRESS_FROM_CHARS = 1024;

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  const text: string | undefined = JSON.stringify(body);
  if (text === undefined) throw new TypeError("a JSON answer needs a value");
  const cacheControl = text.length < COMPRESS_FROM_CHARS ? "no-store, no-transform" : "no-store";
  return new Response(text, {
    status,
    headers: { "content-type": "application/json", "cache-control": cacheControl, ...headers },
  });
}

/** The response with one more Set-Cookie (a headers record holds only one). */
export function withCookie(res: Response, cookie: string): Response {
  res.headers.append("set-cookie", cookie);
  return res;
}

function errorResponse(err: unknown): Response {
  const apiError = toApiError(err);
  return json(
    apiError.toBody(),
    statusOf(apiError),
    apiError.retryAfterSeconds ? { "retry-after": String(apiError.retryAfterSeconds) } : undefined,
  );
}

/** Ours as thrown; a value PostgreSQL could not take is the client's (400); anything else a 500 that says nothing. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isDataException(err))
    return new ApiError(
      "invalid_params",
      "A value in the request cannot be used: out of range, of the wrong kind, or with characters that cannot be stored",
    );
  return new ApiError("internal_error", "Internal server error");
}

function assertAsciiHeaders(headers: Headers): void {
  for (const [name, value] of headers) {
    if (!ASCII_HEADER_VALUE.test(value)) {
      throw new ApiError("header_not_ascii", `Header ${name} must contain only ASCII characters`);
    }
  }
}
