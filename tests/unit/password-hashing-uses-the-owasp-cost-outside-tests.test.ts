import { describe, expect, it } from 'vitest';
import {
  dummyPasswordHash,
  hashPassword,
  passwordHashOptions,
  PASSWORD_HASH_OPTIONS,
  TEST_PASSWORD_HASH_OPTIONS,
  verifyPassword,
} from '#api/lib/password';

/**
 * Passwords are hashed with argon2id at OWASP's minimum (19 MiB, 2 iterations, 1 lane)
 * everywhere but test runs, which use a small cost so thousands of sign-ups stay cheap.
 */
describe('password hashing', () => {
  it('uses the OWASP cost in production, development and when APP_ENV is unset', () => {
    expect(PASSWORD_HASH_OPTIONS).toMatchObject({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(passwordHashOptions({ APP_ENV: 'production' })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ APP_ENV: 'development' })).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({})).toBe(PASSWORD_HASH_OPTIONS);
  });

  it('uses the small cost only for test runs (vitest, APP_ENV=test)', () => {
    expect(passwordHashOptions({ APP_ENV: 'test' })).toBe(TEST_PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ VITEST: 'true', APP_ENV: 'production' })).toBe(TEST_PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions()).toBe(TEST_PASSWORD_HASH_OPTIONS);
  });

  it('a hash at the production cost records it and verifies the password, and only it', async () => {
    const stored = await hashPassword('correct horse battery', PASSWORD_HASH_OPTIONS);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery!')).toBe(false);
  });

  it('a hash at the test cost verifies the same way; a malformed hash never does', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct horse battery')).toBe(false);
    expect(await verifyPassword(await dummyPasswordHash(), 'correct horse battery')).toBe(false);
  });
});
