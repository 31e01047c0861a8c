import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Standalone vitest config (the Remix vite plugin is not loaded here).
 *
 * - `pglite` (and `pglite-isolated`, see ownWorker): every tests/**\/*.test.ts, each
 *   integration file on its own in-memory PGlite started from a migrated snapshot
 *   (tests/support/pglite-global-setup.ts).
 * - `postgres` (and `postgres-isolated`): only when TEST_DATABASE_URL is set; the integration
 *   tests (tests/api) run again against a fresh PostgreSQL database that
 *   tests/support/pg-global-setup.ts creates, migrates once and drops at the end.
 * Run one database's files with a wildcard: `vitest run --project 'pglite*'`.
 */
const alias = (name: string) => ({ find: new RegExp(`^#${name}/`), replacement: `${path.resolve(name)}/` });

/**
 * Files that change process-wide state (environment variables or globals read at import,
 * fake timers, module mocks) or start the whole server: each runs in a fresh worker. Every
 * other file shares its worker's module graph (`isolate: false`), so the API, the contract
 * and their dependencies are imported once per worker instead of once per file, which was
 * half of the suite's time. Those files get their state from their own harness (a database
 * per file, deps passed to createApiApp), not from module globals, so sharing is safe; a
 * file that needs a global changed goes in this list.
 */
const ownWorker = [
  'tests/http/**/*.test.ts',
  'tests/durability/**/*.test.ts',
  'tests/realtime/**/*.test.ts',
  'tests/fuzz/**/*.test.ts',
  'tests/api/users/native-shell-device-cookie-is-forwarded-as-headers-and-recorded.test.ts',
  'tests/unit/entity-links-switch-to-the-users-business-that-has-the-entity.test.ts',
  'tests/unit/contact-page-lists-the-contacts-upcoming-appointments.test.ts',
  'tests/unit/scroll-wait-rechecks-every-500ms-settles-200ms-then-scrolls.test.ts',
  'tests/unit/version-notice-compares-only-the-native-shell-with-the-store-version.test.ts',
];

/** A database project as two: the files sharing a worker and the files that need their own. */
function databaseProjects(name: string, include: string[], globalSetup: string): TestProjectInlineConfiguration[] {
  const own = ownWorker.filter((glob) => include.some((inc) => glob.startsWith(inc.split('*')[0])));
  return [
    { extends: true, test: { name, include, exclude: own, isolate: false, globalSetup: [globalSetup] } },
    { extends: true, test: { name: `${name}-isolated`, include: own, isolate: true, globalSetup: [globalSetup] } },
  ];
}

const projects = databaseProjects('pglite', ['tests/**/*.test.ts'], 'tests/support/pglite-global-setup.ts');
if (process.env.TEST_DATABASE_URL)
  projects.push(...databaseProjects('postgres', ['tests/api/**/*.test.ts'], 'tests/support/pg-global-setup.ts'));

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
