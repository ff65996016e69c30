/**
 * The client's address for per-client limits: the last X-Forwarded-For hop. The production server
 * (scripts/serve.mjs) rewrites the header to the one address it trusts (the connection's peer, or what
 * the operator's TRUST_PROXY_HOPS proxies saw) before the request gets here; taking the last hop also
 * holds under a plain `next start` behind a proxy that appends the client address.
 */
export function clientIp(req: Request): string {
  const hops = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return hops.at(-1)?.slice(0, 64) ?? "unknown";
}
