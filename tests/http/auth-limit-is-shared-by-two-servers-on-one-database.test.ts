import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * Two app servers on one PostgreSQL (DATABASE_URL) share the auth limit: a client spreading
 * its attempts over both gets the limit, not twice it (server/rate-limit.ts counts in
 * rate_limit_hits). Needs TEST_DATABASE_URL (set by .ci/run when PostgreSQL answers).
 */
const LIMIT = 3;
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('two servers on one PostgreSQL', () => {
  const name = `ba_rl_http_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    // One after the other: the first applies the migrations.
    for (let i = 0; i < 2; i++) {
      const settings = { DATABASE_URL: url.toString(), RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) };
      servers.push(await startTestServer({ settings, web: false }));
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (let attempt = 0; attempt < 20; attempt++) {
      if (
        await admin.query(`DROP DATABASE IF EXISTS "${name}"`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.end();
  });

  it('answers 429 once the client has used the limit across both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i++) {
      const response = await fetch(`${servers[i % 2].url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
        body: '{}',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(422), ...Array(LIMIT).fill(429)]);
  });
});
