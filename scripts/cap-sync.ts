import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import config from '../capacitor.config';

/**
 * npm run cap:sync: writes the shell's only local page (native/offline.html, shown when
 * the site cannot be reached, with PUBLIC_URL and the app name filled in) into the web
 * directory, then runs `cap sync`, which copies it and the config into every native
 * project that `npx cap add android|ios` created (none are committed: docs/native.md).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = readFileSync(`${root}native/offline.html`, 'utf8')
  .replaceAll('{{APP_NAME}}', escapeHtml(config.appName ?? 'Business Assistant'))
  .replaceAll('{{PUBLIC_URL}}', escapeHtml(config.server?.url ?? '/'));
const webDir = `${root}${config.webDir}`;
mkdirSync(webDir, { recursive: true });
writeFileSync(`${webDir}/offline.html`, page);
writeFileSync(`${webDir}/index.html`, page);

console.log(`Native shell: ${config.appName} (${config.appId}) loads ${config.server?.url}`);
execFileSync('npx', ['cap', 'sync', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
