import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBareRemix } from './lib/bare-remix';
import { dashboardPages, firstLoad, firstLoadKb, readManifest } from './lib/first-load';

/**
 * npm run bench:bundle: the first-load JavaScript of every dashboard route, gzip bytes, from
 * the built Remix manifest (run `npm run build` first). A route's first load is the entry,
 * the root route and each parent layout down to it, with every module they import, counted
 * once; chunks imported dynamically later (the native shell, voice) are not first-load.
 * The baseline it prints: a bare Remix 2 app of the same versions, built at bench time in a
 * temporary directory (scripts/lib/bare-remix.ts). Every page's first load is shown as a ratio
 * to it, and the run exits non-zero when any page goes over the bar (BUNDLE_MAX_RATIO, default
 * 1.3) or over an absolute budget when one is given (BUNDLE_BUDGET_KB).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(root, 'build/client');
const maxRatio = Number(process.env.BUNDLE_MAX_RATIO ?? 1.3);
const budgetKb = process.env.BUNDLE_BUDGET_KB ? Number(process.env.BUNDLE_BUDGET_KB) : Infinity;

/** First-load gzip kB of the bare Remix app's one page. */
function bareRemixKb(): number {
  const bare = buildBareRemix(root);
  try {
    const bareManifest = readManifest(bare.clientDir);
    return firstLoadKb(bareManifest, 'routes/_index', bare.clientDir);
  } finally {
    bare.cleanup();
  }
}

const manifest = readManifest(clientDir);
const baselineKb = bareRemixKb();
const rows = dashboardPages(manifest, path.join(root, 'app'))
  .map((id) => {
    const files = firstLoad(manifest, id);
    return {
      route: id.replace('routes/', ''),
      files: files.size,
      kb: firstLoadKb(manifest, id, clientDir),
    };
  })
  .sort((a, b) => b.kb - a.kb);

const limitKb = Math.min(baselineKb * maxRatio, budgetKb);
console.log(`First-load JavaScript per dashboard page (gzip)`);
console.log(
  `baseline: a bare Remix 2 app of the same versions, ${baselineKb.toFixed(1)} kB; bar: ${maxRatio}× = ${limitKb.toFixed(1)} kB\n`,
);
console.log('page'.padEnd(52), 'files'.padStart(6), 'gzip kB'.padStart(9), 'x bare'.padStart(7));
const over = rows.filter((row) => row.kb > limitKb);
for (const row of rows) {
  const cells = [
    row.route.padEnd(52),
    String(row.files).padStart(6),
    row.kb.toFixed(1).padStart(9),
    (row.kb / baselineKb).toFixed(2).padStart(7),
  ];
  console.log(...cells, row.kb > limitKb ? ' OVER' : '');
}
const sharedKb = firstLoadKb(manifest, 'routes/dashboard', clientDir);
console.log(
  `\nshared by every dashboard page (entry, root, dashboard layout): ${sharedKb.toFixed(1)} kB, ${(sharedKb / baselineKb).toFixed(2)}× bare`,
);
console.log(`pages within the bar: ${rows.length - over.length} of ${rows.length}`);
if (over.length) {
  console.error(
    `\nOver the bar (${limitKb.toFixed(1)} kB): ${over.length} page(s), the heaviest ${over[0].route} at ${over[0].kb.toFixed(1)} kB (${(over[0].kb / baselineKb).toFixed(2)}×)`,
  );
  process.exit(1);
}
