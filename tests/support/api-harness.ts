import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { faker } from '@faker-js/faker';
import { and, desc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { createApiApp } from '#api/app';
import { waitForBackground } from '#api/lib/background';
import type { ApiDeps } from '#api/deps';
import { drizzleOnPglite, openDatabase, type Database } from '#api/db/client';
import { businessUsers, outbox } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { waitForReplies } from '#api/services/assistant/turns';
import { createDirectory } from '#api/services/directory';
import { createMailer } from '#api/services/mailer';
import { createRecordingBroadcaster, type Broadcaster } from '#api/services/realtime';
import { createSandboxTelephony } from '#api/services/telephony/sandbox';
import './provided-context';

/**
 * The real v1 app on a real database: PGlite in memory by default, the PostgreSQL
 * database the global setup created (already migrated) when the suite runs in the
 * "postgres" project. Open one per test file (beforeAll), not per test.
 */
export type Harness = Awaited<ReturnType<typeof createHarness>>;

export type CallResult = {
  status: number;
  body: { data?: any; messages?: string[]; errors?: string[]; field_errors?: Record<string, string[]> };
};

function provided<K extends 'testPgUrl' | 'pgliteSnapshot'>(key: K): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The database of one test file: the run's PostgreSQL database (postgres project; already
 * migrated by the global setup, so parallel files never race on the migrator), else an
 * in-memory PGlite started from the migrated snapshot of the pglite global setup, else
 * (a file run outside those projects) a fresh PGlite that openDatabase migrates.
 */
async function openTestDatabase(onQuery?: (query: string) => void): Promise<Database> {
  const databaseUrl = provided('testPgUrl') ?? process.env.TEST_PG_URL;
  if (databaseUrl) return openDatabase({ databaseUrl, dataDir: 'memory://', migrate: false, onQuery });
  const snapshot = provided('pgliteSnapshot');
  if (!snapshot) return openDatabase({ dataDir: 'memory://', onQuery });
  const client = new PGlite({ loadDataDir: new Blob([fs.readFileSync(snapshot)], { type: 'application/x-tar' }) });
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  return { db: await drizzleOnPglite(client, logger), kind: 'pglite', close: () => client.close() };
}

export const PASSWORD = 'correct horse battery';

/** A unique email address: parallel test files may share one PostgreSQL database. */
export function uniqueEmail(): string {
  return faker.internet
    .email()
    .toLowerCase()
    .replace(/[^a-z0-9.@_-]/g, '')
    .replace('@', `.${faker.string.alphanumeric(8).toLowerCase()}@`);
}

export async function createHarness(
  options: {
    directory?: ApiDeps['directory'];
    addressLookup?: ApiDeps['addressLookup'];
    broadcaster?: Broadcaster;
    filesDir?: string;
    /** Voice: speech recognition and synthesis (unset: voice is unavailable). */
    speech?: ApiDeps['speech'];
    /** The openai-compatible assistant (unset: built-in only). */
    assistantModel?: ApiDeps['assistantModel'];
    /** Where helpers/support emails go (unset: the outbox only). */
    supportEmail?: string;
    /** Server log lines (e.g. to assert a failure was logged). */
    log?: ApiDeps['log'];
    /** The telephony provider (unset: the sandbox). */
    telephony?: ApiDeps['telephony'];
    /** Twilio credentials the webhooks verify signatures with (unset: Twilio webhooks are refused). */
    twilio?: ApiDeps['twilio'];
    /** OneSignal credentials: notifications are queued for push (unset: nothing is pushed). */
    push?: ApiDeps['push'];
    /** What the data loader may reach (unset: public addresses only); fixture-site tests allow loopback. */
    outbound?: ApiDeps['outbound'];
    /** A database the test opened itself (unset: the project's test database); the harness closes it. */
    database?: Database;
    /** Called with every SQL statement on the project's test database (tests that count statements). */
    onQuery?: (query: string) => void;
  } = {},
) {
  // Events are recorded so tests can assert what was published (or sent for real when given).
  const recorded = createRecordingBroadcaster();
  const database = options.database ?? (await openTestDatabase(options.onQuery));
  const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  const deps: ApiDeps = {
    db: database.db,
    env: { APP_ENV: 'test' },
    mailer: createMailer({ db: database.db, from: 'test@localhost' }),
    telephony: options.telephony ?? createSandboxTelephony(database.db),
    twilio: options.twilio,
    push: options.push,
    directory: options.directory ?? createDirectory(undefined),
    addressLookup: options.addressLookup,
    outbound: options.outbound,
    filesDir: options.filesDir,
    broadcaster: options.broadcaster ?? recorded,
    clock,
    speech: options.speech,
    assistantModel: options.assistantModel,
    log: options.log,
    publicUrl: 'http://app.test',
    supportEmail: options.supportEmail,
    version: '0.0.0-test',
  };
  const app = createApiApp(deps);

  /** POST /api/v1/<path> with a JSON body and the bearer token, like any client. */
  async function call(
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<CallResult> {
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
    const text = await response.text();
    let parsed: CallResult['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed };
  }

  /** A raw request to the v1 app, for what `call` cannot send (malformed bodies, GET). */
  function request(path: string, init: RequestInit = {}): Promise<Response> {
    return Promise.resolve(app.fetch(new Request(`http://api.test/api/v1/${path}`, init)));
  }

  /** What the outbox holds for one address, newest first (once mail the API sends in the background is out). */
  async function outboxFor(to: string, channel?: 'email' | 'sms') {
    await waitForBackground(deps);
    return database.db
      .select()
      .from(outbox)
      .where(channel ? and(eq(outbox.to, to), eq(outbox.channel, channel)) : eq(outbox.to, to))
      .orderBy(desc(outbox.createdAt));
  }

  /** The newest 6-digit code sent to an address, read from the outbox like a user would. */
  async function latestCode(to: string, channel?: 'email' | 'sms'): Promise<string> {
    const [entry] = await outboxFor(to, channel);
    const code = entry?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code was sent to ${to}`);
    return code;
  }

  async function signUp(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
    const input = { name: faker.person.fullName(), email: uniqueEmail(), password: PASSWORD, ...overrides };
    const result = await call('users/create', input);
    if (result.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(result.body)}`);
    return { ...input, token: result.body.data.token as string, user: result.body.data.user };
  }

  function businessInput(overrides: Record<string, unknown> = {}) {
    return {
      name: `${faker.company.name()} ${faker.string.alphanumeric(6)}`,
      email: uniqueEmail(),
      country: 'GB',
      telephones: ['+442071234567'],
      ...overrides,
    };
  }

  /** A user with a business whose wizard is finished (fixtures skip steps 4-6). */
  async function signUpWithBusiness(options: { finished?: boolean; business?: Record<string, unknown> } = {}) {
    const account = await signUp();
    const created = await call('businesses/create', businessInput(options.business), account.token);
    if (created.status !== 200) throw new Error(`business create failed: ${JSON.stringify(created.body)}`);
    let business = created.body.data.business;
    if (options.finished !== false) {
      const finished = await call(`businesses/completed-test/${business._id}`, undefined, account.token);
      if (finished.status !== 200) throw new Error(`completed-test failed: ${JSON.stringify(finished.body)}`);
      business = finished.body.data.business;
    }
    return { ...account, business };
  }

  /** Make a user a member of a business directly (the invite calls arrive with a later issue). */
  async function addMember(businessId: string, userId: string, permissions: string[] = []) {
    await database.db.insert(businessUsers).values({ id: newId(), businessId, userId, permissions });
  }

  return {
    app,
    deps,
    clock,
    /** What the API published (when no real broadcaster was given). */
    events: recorded.sent,
    database,
    call,
    request,
    outboxFor,
    latestCode,
    signUp,
    signUpWithBusiness,
    businessInput,
    addMember,
    close: async () => {
      // Replies still being produced (wait=false turns) finish before their database closes.
      await waitForReplies(deps);
      await waitForBackground(deps);
      await database.close();
    },
  };
}
