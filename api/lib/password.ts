import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;

/** argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane). */
export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Test runs only (vitest, and the e2e server, which runs with APP_ENV=test): argon2id at
 * 1 MiB and 1 iteration. The suites sign up thousands of users, ~30 ms of CPU each at the
 * real cost, for no gain. A hash records its own parameters, so verification is the same
 * code either way; tests/unit/password-hashing-uses-the-owasp-cost-outside-tests.test.ts
 * proves every other APP_ENV gets the real cost and that such hashes verify.
 */
export const TEST_PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
} as const;

export function passwordHashOptions(env: Record<string, string | undefined> = process.env) {
  return env.VITEST || env.APP_ENV === 'test' ? TEST_PASSWORD_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;
}

export const hashPassword = (
  password: string,
  options: ReturnType<typeof passwordHashOptions> = passwordHashOptions(),
): Promise<string> => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so a login takes as long either way. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  return dummyHash;
}
