import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardPages, firstLoadKb, readManifest } from '../../scripts/lib/first-load';

/**
 * The JavaScript a dashboard page loads first (entry, root, dashboard layout and the page, with
 * what they import statically: what Remix's manifest lists as modulepreload) stays within 1.3× a
 * bare Remix 2 app of the same versions: 84.3 kB gzip, as `npm run bench:bundle` builds and
 * measures it (too slow to build here). A static import of a form, a schema or a formatter
 * once put zod and libphonenumber-js into every page (163.9 kB) and nothing noticed;
 * bench:bundle is not part of CI, this test is. It reads the build the test command makes
 * before vitest runs.
 */
const BARE_REMIX_KB = 84.3;
const MAX_RATIO = 1.3;
const BAR_KB = BARE_REMIX_KB * MAX_RATIO;
/**
 * The shell (entry, root, dashboard layout) is every page's floor: 96.9 kB since its drawers'
 * panels load after the page. Held below 1.18× so that room stays the pages'.
 */
const SHELL_KB = BARE_REMIX_KB * 1.18;

const clientDir = path.resolve('build/client');
const manifest = readManifest(clientDir);
const pages = dashboardPages(manifest, path.resolve('app'));

describe('first-load JavaScript', () => {
  it('of the dashboard shell is at most 1.18× a bare Remix app', () => {
    const kb = firstLoadKb(manifest, 'routes/dashboard', clientDir);
    expect(kb).toBeGreaterThan(BARE_REMIX_KB * 0.5); // the manifest was read, not an empty route
    expect(kb).toBeLessThanOrEqual(SHELL_KB);
  });

  // Every page is within it since the last forms were deferred (27 Nov); a form loads after the
  // page with `deferred` (app/components/deferred.tsx), labels from zod-free modules.
  it('of every dashboard page is at most 1.3× a bare Remix app', () => {
    expect(pages.length).toBeGreaterThan(50); // every dashboard page, not a filtered few
    const sizes = Object.fromEntries(
      pages.map((id) => [id, Math.round(firstLoadKb(manifest, id, clientDir) * 10) / 10]),
    );
    const over = pages.filter((id) => sizes[id] > BAR_KB);
    expect(over.map((id) => `${id} ${sizes[id]} kB`)).toEqual([]);
  });
});
