/**
 * In a module of its own, without web-address.ts's address parser (ipaddr.js): a page that
 * only links a stored URL needs this check, not the server's outbound guard.
 */

/** An absolute http: or https: URL with a host: the only kind stored, linked or fetched. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
