import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../app/lib/safe-redirect';

/** A `redirect=` value becomes a Location header: same-site, and ASCII only (or the header throws: a 500). */
describe('safeRedirect', () => {
  it('percent-encodes a non-ASCII path, query or fragment instead of passing it to the Location header', () => {
    for (const target of [
      '/dashboard/☃',
      '/dashboard/héllo',
      '/dashboard/customers?q=Zoë',
      '/dashboard/home#ünïcode',
      '/dashboard/😀?x=ß',
    ]) {
      const location = safeRedirect(target);
      expect(location, target).toMatch(/^\/[\x21-\x7e]*$/);
      expect(decodeURIComponent(location)).toBe(target);
    }
  });

  it('keeps refusing what leaves the site or hides a control character', () => {
    for (const target of [
      'https://evil.example/é',
      '//evil.example/é',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/dash\u0000board',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(target, '/fallback'), String(target)).toBe('/fallback');
    }
    expect(safeRedirect('/dashboard/customers?q=a%20b')).toBe('/dashboard/customers?q=a%20b');
  });
});
