import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import Pusher from 'pusher-js';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#api/db/client';
import { REALTIME_TIMEOUTS } from '#contract/constants';
import { businessChannel } from '#contract/realtime';
import { exited, freePort, killChildren, serveChild as serve } from './support/child-server';

/**
 * The real server (tests/durability/support/serve-api.ts: startServer without the web app)
 * as a child process, killed with SIGKILL in the middle of a burst of concurrent v1 writes
 * and started again on the same DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL):
 *
 * - every write the server acknowledged (200) is there after the restart;
 * - nothing is half-written: the multi-row writes of the burst are transactions
 *   (businesses/create: the business and its admin membership; memories/create: the memory
 *   and its knowledge_chunks), so every business has its admin and every active memory its
 *   chunks, whether or not its request was acknowledged before the kill;
 * - a realtime client (pusher-js, configured like the dashboard's island) reconnects by
 *   itself to the restarted server and receives events again, without any reload;
 * - PGlite: a second process on the same directory is refused with a clear message, and the
 *   lock the killed process left behind does not stop the restart.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const temporary: string[] = [];
const createdDatabases: string[] = [];
const PASSWORD = 'correct horse battery';

afterAll(async () => {
  killChildren();
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    for (const name of createdDatabases) await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  }
});

async function api(url: string, pathName: string, body?: unknown, token?: string) {
  const response = await fetch(`${url}/api/v1/${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: string[] } };
}

/** pusher-js as the dashboard's island configures it (websockets only, the spec's timeouts). */
function realtimeClient(port: number, key: string, url: string, token: string) {
  return new Pusher(key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    activityTimeout: REALTIME_TIMEOUTS.activityMs,
    pongTimeout: REALTIME_TIMEOUTS.pongMs,
    unavailableTimeout: REALTIME_TIMEOUTS.unavailableMs,
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      // The island posts to the web app's /broadcasting/auth, which proxies this v1 call.
      customHandler: ({ socketId, channelName }, callback) => {
        api(url, 'broadcasting/auth', { socket_id: socketId, channel_name: channelName }, token)
          .then((result) =>
            result.status === 200
              ? callback(null, result.body.data as { auth: string })
              : callback(new Error(`auth ${result.status}`), null),
          )
          .catch((error: Error) => callback(error, null));
      },
    },
  });
}

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Backend = {
  name: string;
  setup: () => Promise<{ env: Record<string, string>; databaseUrl?: string; dataDir: string }>;
};
const backends: Backend[] = [
  {
    name: 'PGlite',
    setup: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-kill-pglite-'));
      temporary.push(dataDir);
      return { env: { DATA_DIR: dataDir }, dataDir };
    },
  },
  ...(adminUrl
    ? [
        {
          name: 'PostgreSQL',
          setup: async () => {
            const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-kill-pg-'));
            temporary.push(dataDir);
            const name = `ba_kill_${Date.now()}_${randomBytes(3).toString('hex')}`;
            const client = new pg.Client({ connectionString: adminUrl });
            await client.connect();
            await client.query(`create database "${name}"`);
            await client.end();
            createdDatabases.push(name);
            const url = new URL(adminUrl);
            url.pathname = `/${name}`;
            return { env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, databaseUrl: url.toString(), dataDir };
          },
        },
      ]
    : []),
];

/** Figures of each run, printed at the end (the closing note wants "writes lost"). */
const figures: Record<string, unknown>[] = [];
afterAll(() => {
  for (const figure of figures) console.log(`kill -9 durability: ${JSON.stringify(figure)}`);
});

describe.each(backends)('kill -9 during a burst of writes on $name', ({ name, setup }) => {
  it('keeps every acknowledged write, half-writes nothing, and realtime clients reconnect by themselves', async () => {
    const { env: baseEnv, databaseUrl, dataDir } = await setup();
    const port = await freePort();
    const env = { ...baseEnv, PORT: String(port) };
    let server = await serve(env);

    if (!databaseUrl) {
      // PGlite serves one process: a second server on the same directory is refused, clearly.
      const second = await serve({ ...env, PORT: '0' }).then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(second?.code).toBe(1);
      expect(second?.stderr).toContain(`is already in use by another process (pid ${server.child.pid})`);
    }

    const email = `owner.${randomBytes(4).toString('hex')}@example.com`;
    const signedUp = await api(server.url, 'users/create', { name: 'Owner', email, password: PASSWORD });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const token: string = signedUp.body.data.token;
    const created = await api(
      server.url,
      'businesses/create',
      { name: 'Burst Ltd', email, country: 'GB', telephones: ['+442071234567'] },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const b: string = created.body.data.business._id;

    const { key } = JSON.parse(fs.readFileSync(path.join(dataDir, 'realtime-credentials.json'), 'utf8')) as {
      key: string;
    };
    const client = realtimeClient(port, key, server.url, token);
    const channel = client.subscribe(businessChannel(b));
    await until(() => channel.subscribed, 10_000, 'the first subscription');

    // The burst: 24 workers writing as fast as they can, three kinds of writes.
    const acknowledged = { customers: [] as string[], memories: [] as string[], businesses: [] as string[] };
    let sent = 0;
    let failed = 0;
    let killed = false;
    const write = async (n: number) => {
      const kind = n % 10 < 7 ? 'customers' : n % 10 < 9 ? 'memories' : 'businesses';
      const request =
        kind === 'customers'
          ? api(
              server.url,
              `businesses/customers/${b}/create`,
              {
                first_name: `Burst ${n}`,
                last_name: 'Customer',
                status: 'lead',
                phones: [`+4477009${String(n).padStart(5, '0')}`],
              },
              token,
            )
          : kind === 'memories'
            ? api(
                server.url,
                `businesses/memories/${b}/create`,
                {
                  type: 'text',
                  status: 'active',
                  title: `Fact ${n}`,
                  content: `Burst fact number ${n}: we open at nine on weekdays.`,
                },
                token,
              )
            : api(
                server.url,
                'businesses/create',
                { name: `Branch ${n}`, email, country: 'GB', telephones: ['+442071234567'] },
                token,
              );
      const result = await request;
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const id =
        kind === 'customers'
          ? result.body.data.customer._id
          : kind === 'memories'
            ? result.body.data.memory._id
            : result.body.data.business._id;
      acknowledged[kind].push(id);
    };
    const total = () => acknowledged.customers.length + acknowledged.memories.length + acknowledged.businesses.length;
    const workers = Array.from({ length: 24 }, async () => {
      while (!killed) {
        const n = sent++;
        try {
          await write(n);
        } catch (error) {
          // After the kill: connection refused or reset, never acknowledged.
          if (!killed) throw error;
          failed++;
        }
      }
    });
    await until(() => total() >= 200, 60_000, '200 acknowledged writes');
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await exited(server.child);
    const acked = total();

    // Restart on the same directory or database: the killed process's lock is stale.
    server = await serve(env);

    // The realtime client comes back on its own and receives events again.
    await until(
      () => client.connection.state === 'connected' && channel.subscribed,
      30_000,
      'the reconnect and resubscription',
    );
    const event = new Promise<{ id: string }>((resolve) => channel.bind('CustomerCreated', resolve));
    const after = await api(
      server.url,
      `businesses/customers/${b}/create`,
      { first_name: 'After', last_name: 'Restart', status: 'lead' },
      token,
    );
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect((await event).id).toBe(after.body.data.customer._id);
    client.disconnect();

    // Stop cleanly (PGlite: the directory is ours to open), then look at the rows themselves.
    server.child.kill('SIGTERM');
    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    const database = await openDatabase({ databaseUrl, dataDir, migrate: false });
    try {
      const ids = async (query: ReturnType<typeof sql>) =>
        new Set(
          ((await database.db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id),
        );
      const customers = await ids(sql`select id from customers where business_id = ${b}`);
      const memories = await ids(sql`select id from memories where business_id = ${b}`);
      const businesses = await ids(sql`select id from businesses where email = ${email}`);
      const lost = [
        ...acknowledged.customers.filter((id) => !customers.has(id)),
        ...acknowledged.memories.filter((id) => !memories.has(id)),
        ...acknowledged.businesses.filter((id) => !businesses.has(id)),
      ];
      expect(lost).toEqual([]);
      // Half-written: a memory without its search chunks, a business without its admin.
      const memoriesWithoutChunks = await ids(
        sql`select m.id from memories m where m.business_id = ${b} and not exists (select 1 from knowledge_chunks k where k.memory_id = m.id)`,
      );
      const businessesWithoutAdmin = await ids(
        sql`select x.id from businesses x where x.email = ${email} and not exists (select 1 from business_users u where u.business_id = x.id and u.permissions @> '["admin"]'::jsonb)`,
      );
      expect([...memoriesWithoutChunks]).toEqual([]);
      expect([...businessesWithoutAdmin]).toEqual([]);
      figures.push({
        backend: name,
        requests_sent: sent,
        acknowledged: acked,
        refused_after_kill: failed,
        // Written but not acknowledged: requests in flight when the process died that had committed.
        committed_unacknowledged:
          customers.size -
          1 -
          acknowledged.customers.length +
          (memories.size - acknowledged.memories.length) +
          (businesses.size - 1 - acknowledged.businesses.length),
        lost: lost.length,
        half_written: memoriesWithoutChunks.size + businessesWithoutAdmin.size,
      });
      expect(acked).toBeGreaterThanOrEqual(200);
    } finally {
      await database.close();
    }
  }, 180_000);
});
