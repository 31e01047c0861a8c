/**
 * The baseline of `npm run bench:bundle`: a bare Remix 2 app (a root with Links, Meta,
 * Scripts and one page) built in a temporary directory from the installed packages, the
 * same Remix, React and Vite versions as the app: nothing is downloaded. Its first-load
 * JavaScript is what the framework itself costs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILES: Record<string, string> = {
  'vite.config.ts': `import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
export default defineConfig({ plugins: [remix()], logLevel: 'error' });
`,
  'app/root.tsx': `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react';
export default function App() {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><Meta /><Links /></head>
      <body><Outlet /><ScrollRestoration /><Scripts /></body>
    </html>
  );
}
`,
  'app/routes/_index.tsx': `export default function Index() {
  return <h1>Hello</h1>;
}
`,
};

/** Builds the bare app; returns its build/client directory (removed by the caller with cleanup()). */
export function buildBareRemix(root: string): { clientDir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-remix-'));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  // Remix finds its server runtime among the dependencies: the app's own versions.
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const versions = Object.fromEntries(
    ['@remix-run/node', '@remix-run/react', '@remix-run/dev', 'react', 'react-dom', 'vite', 'isbot'].map((name) => [
      name,
      dependencies[name],
    ]),
  );
  const files = {
    ...FILES,
    'package.json': JSON.stringify({
      name: 'bare-remix',
      private: true,
      type: 'module',
      sideEffects: false,
      dependencies: versions,
    }),
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build'],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    cleanup();
    throw new Error('The bare Remix app did not build; see the messages above.');
  }
  return { clientDir: path.join(dir, 'build/client'), cleanup };
}
