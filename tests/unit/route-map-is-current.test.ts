import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRouteMap, ROUTE_MAP_FILE, routeUrl } from '../../scripts/route-map';

describe('docs/routes.md', () => {
  it('is what `npm run docs:routes` writes from app/routes and contract/routes.ts today', () => {
    // Stale? Run `npm run docs:routes` and commit docs/routes.md with the route change.
    expect(readFileSync(ROUTE_MAP_FILE, 'utf8')).toBe(renderRouteMap());
  }, 120_000);

  it('names every route module by the URL Remix gives it', () => {
    expect(routeUrl('dashboard.customers.$id._index')).toBe('/dashboard/customers/:id');
    expect(routeUrl('dashboard.notes.$id_.edit')).toBe('/dashboard/notes/:id/edit');
    expect(routeUrl('assistant-audio.pcm-capture[.]js')).toBe('/assistant-audio/pcm-capture.js');
    expect(routeUrl('$')).toBe('/*');
    expect(routeUrl('_index')).toBe('/');
  });

  it('lists each page with its permission and the v1 calls it makes', () => {
    const map = renderRouteMap();
    expect(map).toMatch(
      /\| `\/dashboard\/customers` \| page \| `customers\/view` \| [^|]*`businesses\/customers\/\{business_id\}\/list`/,
    );
    expect(map).toMatch(/\| `\/login` \| page \| public \| `users\/login` \|/);
  }, 120_000);
});
