/**
 * The client's address for per-client limits: the last X-Forwarded-For hop, i.e. what the nearest
 * proxy saw (earlier hops are whatever the client chose to send). `next start` fills the header with
 * the socket's address when no proxy set it. Behind a proxy, it must append the client address.
 */
export function clientIp(req: Request): string {
  const hops = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return hops.at(-1)?.slice(0, 64) ?? "unknown";
}
