import { env } from "@/lib/env";

export type RelyingParty = { id: string; name: string; origin: string };

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "[::1]"]);

/**
 * Who passkeys are made for: the host of PUBLIC_BASE_URL (the RP ID the browser binds each passkey to)
 * and its origin, the one page origin whose signed answers are accepted. Browsers refuse an IP address
 * as an RP ID, so a service on a loopback address (development, tests, a local demo) speaks as
 * `localhost` on the same port: passkeys work when its pages are opened at http://localhost:<port>.
 */
export function relyingParty(publicBaseUrl = env().PUBLIC_BASE_URL): RelyingParty {
  const url = new URL(publicBaseUrl);
  if (!LOOPBACK_ADDRESSES.has(url.hostname)) return { id: url.hostname, name: url.host, origin: url.origin };
  const host = `localhost${url.port ? `:${url.port}` : ""}`;
  return { id: "localhost", name: host, origin: `${url.protocol}//${host}` };
}
