import { faker } from '@faker-js/faker';
import { createApiApp } from '#api/app';
import type { ApiDeps } from '#api/deps';
import { openDatabase, type Database } from '#api/db/client';
import { createDirectory } from '#api/services/directory';
import { createMailer } from '#api/services/mailer';
import { listOutbox } from '#api/services/outbox';
import { createSandboxTelephony } from '#api/services/telephony/sandbox';

/**
 * The real v1 app on a real database: PGlite in memory by default, the PostgreSQL
 * database the global setup created when the suite runs in the "postgres" project.
 */
export type Harness = Awaited<ReturnType<typeof createHarness>>;

export type CallResult = {
  status: number;
  body: { data?: any; messages?: string[]; errors?: string[]; field_errors?: Record<string, string[]> };
};

export async function createHarness(options: { directory?: ApiDeps['directory']; now?: () => Date } = {}) {
  const databaseUrl = process.env.TEST_PG_URL;
  const database: Database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  const deps: ApiDeps = {
    db: database.db,
    env: { APP_ENV: 'test' },
    mailer: createMailer({ db: database.db, from: 'test@localhost' }),
    telephony: createSandboxTelephony(database.db),
    directory: options.directory ?? createDirectory(undefined),
    clock,
    version: '0.0.0-test',
  };
  const app = createApiApp(deps);

  async function call(path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<CallResult> {
    const response = await app.fetch(
      new Request(`http://api.test/api/v1/${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: await response.json() };
  }

  /** The newest 6-digit code sent to an address, read from the outbox like a user would. */
  async function latestCode(to: string): Promise<string> {
    const entries = await listOutbox(database.db);
    const entry = entries.find((row) => row.to === to);
    const code = entry?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code was sent to ${to}`);
    return code;
  }

  async function signUp(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
    const input = {
      name: faker.person.fullName(),
      email: faker.internet.email().toLowerCase().replace('@', `.${faker.string.alphanumeric(6)}@`),
      password: 'correct horse battery',
      ...overrides,
    };
    const result = await call('users/create', input);
    if (result.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(result.body)}`);
    return { ...input, token: result.body.data.token as string, user: result.body.data.user };
  }

  function businessInput(overrides: Record<string, unknown> = {}) {
    return {
      name: `${faker.company.name()} ${faker.string.alphanumeric(4)}`,
      email: faker.internet.email().toLowerCase(),
      country: 'GB',
      telephones: ['+442071234567'],
      ...overrides,
    };
  }

  /** A user with a business whose wizard is finished (fixtures skip steps 4-6). */
  async function signUpWithBusiness(options: { finished?: boolean } = {}) {
    const account = await signUp();
    const created = await call('businesses/create', businessInput(), account.token);
    if (created.status !== 200) throw new Error(`business create failed: ${JSON.stringify(created.body)}`);
    const business = created.body.data.business;
    if (options.finished !== false) await call(`businesses/completed-test/${business._id}`, undefined, account.token);
    return { ...account, business };
  }

  return { app, deps, clock, database, call, latestCode, signUp, signUpWithBusiness, businessInput, close: () => database.close() };
}
