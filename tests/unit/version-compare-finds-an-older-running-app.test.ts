import { describe, expect, it } from 'vitest';
import { compareVersions, isOlderVersion } from '../../app/lib/version';

describe('version comparison for the version-check dialog', () => {
  it('compares dotted versions numerically', () => {
    expect(isOlderVersion('1.9.2', '1.10.0')).toBe(true);
    expect(isOlderVersion('1.10.0', '1.9.2')).toBe(false);
    expect(isOlderVersion('0.1.0', '0.1.0')).toBe(false);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(isOlderVersion('v2.0.0', '2.0.1')).toBe(true);
  });

  it('treats a pre-release as older than its release', () => {
    expect(isOlderVersion('1.2.0-beta.1', '1.2.0')).toBe(true);
    expect(isOlderVersion('1.2.0', '1.2.0-beta.1')).toBe(false);
  });

  it('never reports an unparsable version as older', () => {
    expect(isOlderVersion('not a version', '9.9.9')).toBe(false);
    expect(isOlderVersion('1.0.0', '')).toBe(false);
  });
});
