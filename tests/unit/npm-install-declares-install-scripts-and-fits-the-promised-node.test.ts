import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * A fresh clone's `npm install` prints nothing a newcomer has to wonder about (issue 22,
 * item 29): npm 11 warns about every dependency install script `allowScripts` does not
 * mention, and EBADENGINE about every package whose `engines.node` the running Node misses.
 * Both are decided by package.json and package-lock.json alone, so this reads them.
 */
type LockedPackage = { version?: string; engines?: { node?: string }; hasInstallScript?: boolean; optional?: boolean };
type Manifest = { engines: { node: string }; allowScripts?: Record<string, boolean> };

const root = process.cwd();
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** "node_modules/a/node_modules/@scope/b" → "@scope/b". */
const packageName = (lockPath: string) =>
  lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);
const installed = Object.entries(lock.packages).filter(([lockPath]) => lockPath.startsWith('node_modules/'));

describe('npm install on a fresh clone', () => {
  it('has an allowScripts decision for every dependency with an install script', () => {
    const decided = new Set(Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1')));
    const undecided = installed
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([lockPath, entry]) => `${packageName(lockPath)}@${entry.version}`)
      .filter((id) => !decided.has(id.replace(/(.)@.*$/, '$1')));
    expect(undecided).toEqual([]);
  });

  it('installs only packages whose engines accept the oldest Node the project promises and this one', () => {
    const oldestPromised = semver.minVersion(manifest.engines.node)!.version;
    const refusing = installed
      .filter(([, entry]) => entry.engines?.node && semver.validRange(entry.engines.node))
      .filter(([, entry]) =>
        [oldestPromised, process.versions.node].some((node) => !semver.satisfies(node, entry.engines!.node!)),
      )
      .map(([lockPath, entry]) => `${packageName(lockPath)}@${entry.version} wants Node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
