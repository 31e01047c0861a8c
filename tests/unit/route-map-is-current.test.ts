import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRouteMap, ROUTE_MAP_FILE, routeModules } from '../../scripts/route-map';

describe('docs/routes.md', () => {
  it('is what `npm run docs:routes` writes from app/routes and contract/routes.ts today', async () => {
    // Stale? Run `npm run docs:routes` and commit docs/routes.md with the route change.
    expect(readFileSync(ROUTE_MAP_FILE, 'utf8')).toBe(await renderRouteMap());
  }, 120_000);

  it('names every route module by the URL Remix gives it, flat files and feature folders alike', async () => {
    const urls = new Map((await routeModules()).map(({ url, file }) => [file.slice(file.indexOf('app/routes/')), url]));
    expect(urls.get('app/routes/dashboard+/services+/$id_.edit.tsx')).toBe('/dashboard/services/:id/edit');
    expect(urls.get('app/routes/dashboard+/services+/_index.tsx')).toBe('/dashboard/services');
    expect(urls.get('app/routes/assistant-audio.pcm-capture[.]js.ts')).toBe('/assistant-audio/pcm-capture.js');
    expect(urls.get('app/routes/$.tsx')).toBe('/*');
    expect(urls.get('app/routes/_index.tsx')).toBe('/');
  });

  it('lists each page with its permission and the v1 calls it makes', async () => {
    const map = await renderRouteMap();
    expect(map).toMatch(
      /\| `\/dashboard\/customers` \| page \| `customers\/view` \| [^|]*`businesses\/customers\/\{business_id\}\/list`/,
    );
    expect(map).toMatch(/\| `\/login` \| page \| public \| `users\/login` \|/);
  }, 120_000);
});
