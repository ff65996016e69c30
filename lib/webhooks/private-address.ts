import ipaddr from "ipaddr.js";

const cidr = (text: string) => ipaddr.IPv6.parseCIDR(text);
// The only IPv6 space handed out for global unicast (RFC 4291); everything outside it (loopback,
// unspecified, IPv4-compatible ::/96, IPv4-mapped, unique-local, link-local, site-local, multicast,
// discard, local-use NAT64 64:ff9b:1::/48 ...) is not a public destination.
const GLOBAL_UNICAST = cidr("2000::/3");
// IPv6 forms that carry an IPv4 address a gateway would connect to: judged as that address.
const NAT64 = cidr("64:ff9b::/96");
const SIX_TO_FOUR = cidr("2002::/16");

const v4 = (bytes: number[]) => new ipaddr.IPv4(bytes);

function isPrivateV4(address: ipaddr.IPv4): boolean {
  return address.range() !== "unicast";
}

/**
 * Whether an IP address is anything but a public unicast address. IPv4: private, loopback,
 * link-local (the cloud metadata service at 169.254.169.254 included), carrier-grade NAT, multicast,
 * reserved, documentation, unspecified. IPv6: anything outside 2000::/3 and, inside it, every special
 * range ipaddr.js knows (documentation, Teredo, benchmarking, ORCHID, IETF protocol assignments ...).
 * IPv4 written inside IPv6 (IPv4-mapped, NAT64 64:ff9b::/96, 6to4) is judged as the IPv4 it reaches;
 * the deprecated IPv4-compatible form (::7f00:1) is refused outright.
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return isPrivateV4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  if (v6.isIPv4MappedAddress() || v6.match(NAT64)) return isPrivateV4(v4(bytes.slice(12, 16)));
  if (v6.match(SIX_TO_FOUR)) return isPrivateV4(v4(bytes.slice(2, 6)));
  return !v6.match(GLOBAL_UNICAST) || v6.range() !== "unicast";
}
