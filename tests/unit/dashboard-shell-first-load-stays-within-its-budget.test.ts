import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadKb, readManifest } from '../../scripts/lib/first-load';

/**
 * The JavaScript every dashboard page loads first (entry, root, dashboard layout) stays within
 * 1.3× a bare Remix 2 app of the same versions: 84.3 kB gzip, as `npm run bench:bundle` builds
 * and measures it (too slow to build here). A static import of a form, a schema or a formatter
 * in the shell once put zod and libphonenumber-js into every page (163.9 kB) and nothing
 * noticed; bench:bundle is not part of CI, this test is. It reads the build the test command
 * makes before vitest runs.
 */
const BARE_REMIX_KB = 84.3;
const MAX_RATIO = 1.3;

describe('the dashboard shell', () => {
  it('loads at most 1.3× the first-load JavaScript of a bare Remix app', () => {
    const clientDir = path.resolve('build/client');
    const kb = firstLoadKb(readManifest(clientDir), 'routes/dashboard', clientDir);
    expect(kb).toBeGreaterThan(BARE_REMIX_KB * 0.5); // the manifest was read, not an empty route
    expect(kb).toBeLessThanOrEqual(BARE_REMIX_KB * MAX_RATIO);
  });
});
