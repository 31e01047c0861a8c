import ipaddr from 'ipaddr.js';
import { isHttpUrl } from './http-url';

export { isHttpUrl };

/**
 * What counts as a web address, and which network addresses the server may reach on a
 * user's behalf. Shared by the stored-URL fields (contract schemas, rendering) and the
 * outbound guard (api/lib/outbound-url.ts), so both refuse the same things.
 */

export type AddressPolicy = {
  /**
   * Loopback (127.0.0.0/8, ::1) may be reached: only for the project's own fixture sites in
   * tests (OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS). A list allows those ports only.
   */
  allowLoopback?: boolean | readonly number[];
};

const loopbackAllowed = (policy: AddressPolicy, port: number | undefined) =>
  policy.allowLoopback === true ||
  (Array.isArray(policy.allowLoopback) && port !== undefined && policy.allowLoopback.includes(port));

// 64:ff9b::/96: the well-known NAT64 prefix, whose last 32 bits are the IPv4 address reached.
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
// 2000::/3 is the only IPv6 space allocated for global unicast; everything else is special.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

const v4FromBytes = (bytes: number[]) => new ipaddr.IPv4(bytes);

/**
 * Why `address` (an IP literal) may not be reached, or null when it is a public unicast
 * address. Anything ipaddr.js does not call plain "unicast" is refused: loopback, private
 * (10/8, 172.16/12, 192.168/16), carrier-grade NAT (100.64/10), link-local (169.254/16,
 * fe80::/10), unique-local (fc00::/7), unspecified, multicast, broadcast and reserved
 * ranges. IPv6 forms that carry an IPv4 address (v4-mapped, IPv4-translated, NAT64, 6to4)
 * are judged by that IPv4 address; Teredo and IPv6 outside 2000::/3 are refused.
 */
export function addressRefusal(address: string, policy: AddressPolicy = {}, port?: number): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return 'not an IP address';
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const bytes = v6.toByteArray();
    switch (v6.range()) {
      case 'ipv4Mapped':
      case 'rfc6145':
        return addressRefusal(v4FromBytes(bytes.slice(12)).toString(), policy, port);
      case 'rfc6052':
        return v6.match(NAT64) ? addressRefusal(v4FromBytes(bytes.slice(12)).toString(), policy, port) : 'local NAT64';
      case '6to4':
        return addressRefusal(v4FromBytes(bytes.slice(2, 6)).toString(), policy, port);
      case 'loopback':
        return loopbackAllowed(policy, port) ? null : 'loopback';
      case 'unicast':
        return v6.match(GLOBAL_UNICAST_V6) ? null : 'reserved';
      default:
        return v6.range();
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && loopbackAllowed(policy, port)) return null;
  return range;
}

/** Host names that always mean this machine or its local network, whatever DNS says. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  // A single label ("intranet", "router") is resolved through the local search domain.
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    !name.includes('.')
  );
}

/**
 * An http(s) URL a visitor's browser may be sent to, judged without DNS: not a local name
 * (localhost, *.local, a bare single-label name) and not a non-public IP literal.
 */
export function isPublicWebUrl(value: string | null | undefined): value is string {
  if (!isHttpUrl(value)) return false;
  const { hostname } = new URL(value);
  if (ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''))) return addressRefusal(hostname) === null;
  return !isLocalHostname(hostname);
}
