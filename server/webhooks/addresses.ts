import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// Where a webhook may be sent (docs/webhooks.md "Where a webhook may go"): an owner's URL must not reach into the
// host's own network (request forgery). Its name is resolved and every address checked, at save and again at each
// send — the send connects to the address it checked (./sender.ts), so a name that changes between the check and
// the connection (DNS rebinding) cannot slip through. WEBHOOK_ALLOW_HOSTS names the hosts or addresses let through
// anyway (a receiver on this machine in a test suite).

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 itself
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated)
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/**
 * Whether an IP address is in a private, loopback, link-local, unique-local, CGNAT, multicast or reserved range. An
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is checked as the IPv4 address it carries (BlockList does so).
 */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (an IP literal to itself). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** A URL's host as resolve() takes it: an IPv6 literal without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();

export const refusedAddress = "The webhook's address resolves to a private, loopback or link-local network: it cannot be used.";
export const unresolvedAddress = "The webhook's host name does not resolve.";
export const plainHttpRefused = "The webhook's URL must use https.";

export type TargetCheck = { ok: true; address: ResolvedAddress } | { ok: false; error: string };

/**
 * Where a webhook URL may be sent: the address to connect to, or why not. http is refused except for allowed hosts;
 * a host resolving to any blocked address is refused (a name with one public and one private address is refused
 * too: the connection could use either).
 */
export async function checkTarget(url: URL, allowHosts: readonly string[], resolve: Resolve): Promise<TargetCheck> {
  const host = hostOf(url);
  const allowedByName = allowHosts.includes(host);
  let addresses: ResolvedAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) === 6 ? 6 : 4 }] : await resolve(host);
  } catch {
    return { ok: false, error: unresolvedAddress };
  }
  if (addresses.length === 0) return { ok: false, error: unresolvedAddress };
  const allowed = allowedByName || addresses.every((a) => allowHosts.includes(a.address.toLowerCase()));
  if (!allowed && addresses.some((a) => isBlockedAddress(a.address))) return { ok: false, error: refusedAddress };
  if (!allowed && url.protocol !== "https:") return { ok: false, error: plainHttpRefused };
  return { ok: true, address: addresses[0] };
}
