import ipaddr from "ipaddr.js";

/**
 * Whether an IP address is anything but a public unicast address: private, loopback, link-local (the
 * cloud metadata service at 169.254.169.254 included), carrier-grade NAT, unique-local, multicast,
 * reserved or unspecified. IPv4 written inside IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is.
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== "unicast";
}
