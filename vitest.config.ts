import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Standalone vitest config (the Remix vite plugin is not loaded here).
 *
 * - `pglite`: every tests/**\/*.test.ts, each integration file on its own in-memory PGlite
 *   started from a migrated snapshot (tests/support/pglite-global-setup.ts).
 * - `postgres`: only when TEST_DATABASE_URL is set; the integration tests (tests/api) run
 *   again against a fresh PostgreSQL database that tests/support/pg-global-setup.ts creates,
 *   migrates once and drops at the end.
 */
const alias = (name: string) => ({ find: new RegExp(`^#${name}/`), replacement: `${path.resolve(name)}/` });

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'pglite',
      include: ['tests/**/*.test.ts'],
      globalSetup: ['tests/support/pglite-global-setup.ts'],
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: 'postgres',
      include: ['tests/api/**/*.test.ts'],
      globalSetup: ['tests/support/pg-global-setup.ts'],
    },
  });
}

// `@faker-js/faker` loads every locale (~0.45 s of CPU in each test file's fresh worker);
// the tests only use the English `faker`, which its locale entry point exports alone (~0.05 s).
const englishFaker = { find: /^@faker-js\/faker$/, replacement: '@faker-js/faker/locale/en' };

export default defineConfig({
  resolve: { alias: [alias('api'), alias('contract'), alias('server'), alias('tests'), englishFaker] },
  test: {
    environment: 'node',
    exclude: ['**/node_modules/**', 'e2e/**', 'build/**', 'data/**'],
    // argon2 and a PGlite per file on small CI machines: generous, but still bounded.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Much of a file's time is spent waiting on its database: two workers even on two cores.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // .ci/run totals the passed and failed tests from this report.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: '.reports/vitest.json' } : undefined,
    projects,
  },
});
