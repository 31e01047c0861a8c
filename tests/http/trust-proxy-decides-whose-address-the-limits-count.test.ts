import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#contract/env';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * TRUST_PROXY (docs/deploy.md): the rate limits count per client address, which a load
 * balancer passes in X-Forwarded-For. Trusted peers may set it; anyone else cannot choose
 * their own address to dodge the limit.
 */
const LIMIT = 3;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function start(trustProxy: string) {
  const settings = { RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT), TRUST_PROXY: trustProxy };
  const server = await startTestServer({ settings, web: false });
  servers.push(server);
  return server;
}

const login = (server: TestServer, client: string) =>
  fetch(`${server.url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
  }).then((response) => response.status);

describe('TRUST_PROXY', () => {
  it('reads the settings: loopback by default, a hop count, subnets; never a blanket true', () => {
    const base = { APP_ENV: 'test' };
    expect(parseEnv(base).TRUST_PROXY).toEqual(['loopback']);
    expect(parseEnv({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ ...base, TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => parseEnv({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('behind a trusted balancer (one hop) each client has its own limit', async () => {
    const server = await start('1');
    for (let i = 0; i <= LIMIT; i++) expect(await login(server, `198.51.100.${i + 1}`)).toBe(422);
    for (let i = 0; i < LIMIT; i++) await login(server, '198.51.100.200');
    expect(await login(server, '198.51.100.200')).toBe(429);
  }, 60_000);

  it('from a peer it does not trust, X-Forwarded-For is ignored: a new header each time does not dodge the limit', async () => {
    const server = await start('10.0.0.0/8');
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push(await login(server, `203.0.113.${i + 1}`));
    expect(statuses).toEqual([...Array(LIMIT).fill(422), 429]);
  }, 60_000);
});
