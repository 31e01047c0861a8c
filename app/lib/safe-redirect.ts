/**
 * Only same-site paths are followed from a `redirect` query value, so a crafted link can
 * never send a signed-in user to another site ("//evil.com" and "/\evil.com" included).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard/home'): string {
  if (!to || typeof to !== 'string') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  // Resolved as the browser would, on a placeholder origin: what leaves it is off-site. The
  // serialised path is ASCII (non-ASCII percent-encoded), as a Location header must be.
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return url.pathname + url.search + url.hash;
}
