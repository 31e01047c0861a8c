#!/usr/bin/env node
/**
 * `node scripts/complete-lockfile.mjs`: the npm registry this project is built against only
 * serves Linux x64 builds of platform-specific packages, so `npm install` leaves the other
 * platforms' optional packages out of package-lock.json, and `npm ci` then refuses the
 * lockfile ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). This adds a lock entry
 * for each such package with the os/cpu/libc its name states, which is all `npm ci` needs
 * to skip it on this platform without fetching it. Run it after changing dependencies.
 */
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'openharmony',
  'netbsd',
  'sunos',
  'aix',
  'wasi',
];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
  mips64el: 'mips64el',
};

function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.map((part) => CPU[part]).find(Boolean);
  if (!os && !cpu) return null;
  const entry = {};
  if (os && os !== 'wasi') entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === 'linux') entry.libc = [parts.some((part) => part.startsWith('musl')) ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const parentDir = location ? `${location}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[parentDir] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[hoisted] = {
      version: range.replace(/^[\^~=]/, ''),
      dev: meta.dev || undefined,
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform-specific optional package entries`);
