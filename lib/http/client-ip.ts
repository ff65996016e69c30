import ipaddr from "ipaddr.js";

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

/** What every per-address limit counts under: the client's network (see networkOf). */
export function clientNetwork(req: Request): string {
  return networkOf(clientIp(req));
}

/**
 * An IPv4 address as is; an IPv6 address by its /64. One subscriber gets a whole /64 (RFC 6177),
 * so a client counted by exact IPv6 address could take a fresh one, and a fresh budget, for every
 * request. An IPv4-mapped IPv6 address counts as its IPv4 address; anything unparsable as written.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}
