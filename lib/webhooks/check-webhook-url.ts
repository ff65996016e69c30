import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { ApiError } from "@/lib/errors/api-error";
import { isPrivateAddress } from "./private-address";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The one answer for a host the service will not call, whether it does not resolve or resolves to a
 * private address: two answers would let anyone with an API key probe which internal names exist.
 */
export const UNREACHABLE_HOST = "must name a host that resolves to public internet addresses only";

function refuse(message: string): never {
  throw new ApiError("webhook_url_not_allowed", message, { issues: [{ field: "url", message }] });
}

/**
 * A URL a merchant may register: HTTPS (plain http only to loopback, and only when private addresses
 * are allowed), no credentials in it, and a host that resolves to public addresses only. Delivery
 * checks the address again when it connects, since DNS can change after this.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    refuse("must be an absolute URL");
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback && allowPrivate))
    refuse("must be an https:// URL");
  if (url.username || url.password) refuse("must not carry a user name or password");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.length === 0 || (!allowPrivate && addresses.some(isPrivateAddress))) refuse(UNREACHABLE_HOST);
  url.hash = "";
  return url.toString();
}

async function resolve(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return [];
  }
}
