/**
 * The server's build: server.ts with server/, api/ and contract/ bundled by esbuild into
 * build/app-server/server.js (and the upload extraction worker into extract-worker.js), so
 * production runs plain JavaScript: no tsx, no esbuild and no TypeScript transforms held in
 * memory at run time (docs/decisions/035-compiled-server-and-lazy-realtime.md).
 *
 * Packages stay external (node_modules is loaded by Node as usual: native and WASM modules
 * find their files); only the project's own code is bundled. Plain JavaScript so that
 * `npm start` (scripts/start.mjs) can run it without tsx. `node scripts/build-server.mjs`
 * builds it alone; `npm run build` runs it after the web app's build.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'build/app-server');
export const serverBundle = path.join(serverOutDir, 'server.js');

/** esbuild as vite carries it (a dependency already; nothing is added for the build). */
async function loadEsbuild() {
  const fromVite = createRequire(createRequire(path.join(root, 'package.json')).resolve('vite/package.json'));
  return import(pathToFileURL(fromVite.resolve('esbuild')).href);
}

/**
 * Sources read files beside themselves (migrations, word lists, package.json) through
 * import.meta.url: in the bundle each keeps pointing at its own source file's place,
 * relative to the bundle, so the build works wherever the checkout lives.
 */
const sourceUrlPlugin = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      const relative = path.relative(serverOutDir, args.path).split(path.sep).join('/');
      const contents = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

export async function buildServer() {
  const esbuild = await loadEsbuild();
  const started = Date.now();
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { server: 'server.ts', 'extract-worker': 'api/services/extract/worker.ts' },
    outdir: serverOutDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The project declares "sideEffects": false for the browser bundle; on the server a
    // module imported for its effect must stay.
    ignoreAnnotations: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    // The bundle's own URL, for the few places that start a file built beside it (the worker).
    banner: { js: 'const __SERVER_BUNDLE_URL__ = import.meta.url;' },
    plugins: [sourceUrlPlugin],
  });
  console.log(
    `server bundle: ${path.relative(root, serverBundle)} (${(fs.statSync(serverBundle).size / 1024).toFixed(0)} kB) in ${Date.now() - started} ms`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
