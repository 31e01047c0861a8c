import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#contract/env';
import { startServer, type StartedServer } from '../../server';

/**
 * Property-based fuzzing of the public forms (issue 11) over real HTTP, through the built
 * web app: sign in, register, forgot and reset password, an invitation, the lead catcher's
 * form post and the broadcasting auth. Generated form fields (known and unknown names, odd,
 * huge and binary-ish values, repeated fields, malformed encodings) must never get a 5xx or
 * a stack trace. FUZZ_RUNS and FUZZ_SEED as in tests/fuzz.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3) * 4;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const LEAKS = [/\bat [\w.<>]+ \(/, /\.(ts|js):\d+:\d+/, /node_modules/];

let server: StartedServer;
let dataDir: string;
let leadcatcher: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-fuzz-forms-'));
  server = await startServer({
    env: parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_AUTH_PER_MINUTE: '100000', LOG_LEVEL: 'silent', APP_ENV: 'test', SESSION_SECRET: 'test-secret' }),
    log: () => {},
  });
  const call = async (p: string, body: unknown, token?: string) =>
    (await (await fetch(`${server.url}/api/v1/${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json()) as { data: Record<string, { _id: string }> & { token: string } };
  const { data } = await call('users/create', { name: 'Fuzz Owner', email: `fuzz.${Date.now()}@example.com`, password: 'correct horse battery' });
  const business = (await call('businesses/create', { name: 'Fuzz Forms Ltd', email: 'forms@example.com', country: 'GB', telephones: ['+442071234567'] }, data.token)).data.business;
  leadcatcher = (await call(`businesses/systems/${business._id}/create`, { name: 'leadcatcher' }, data.token)).data.system._id;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const FORMS: { path: () => string; fields: string[] }[] = [
  { path: () => '/login', fields: ['email', 'password', 'redirect', 'website'] },
  { path: () => '/register', fields: ['name', 'email', 'password', 'website'] },
  { path: () => '/forgot-password', fields: ['email', 'website'] },
  { path: () => '/reset-password', fields: ['email', 'code', 'password', 'website'] },
  { path: () => '/invitations/not-a-real-token', fields: ['intent', 'name', 'password'] },
  { path: () => '/logout', fields: ['redirect'] },
  { path: () => '/broadcasting/auth', fields: ['socket_id', 'channel_name'] },
  { path: () => `/api/v1/leadcatcher/${leadcatcher}/submit`, fields: ['name', 'email', 'phone', 'message', 'website', 'page'] },
];

const oddText = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', '%', '%zz', '\ud800', '../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', '//evil.example', 'https://evil.example/', 'javascript:alert(1)', 'a@b', '+44'),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ minLength: 3000, maxLength: 12000 }),
);

/** A form body: the form's fields (some repeated, some unknown) with odd values, or a body that is not valid form encoding. */
const formBody = (fields: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })), oddText), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString()) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%%%', 'a=%E0%A4%A', '=&=&', 'a'.repeat(20000), '\u0000\u0001') },
  );

describe('fuzzing the public forms (fast-check)', () => {
  it('never answers 5xx or a stack trace', { timeout: 900_000 }, async () => {
    let cases = 0;
    for (const form of FORMS) {
      await fc.assert(
        fc.asyncProperty(formBody(form.fields), fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'application/json'), async (body, type) => {
          cases++;
          const response = await fetch(`${server.url}${form.path()}`, { method: 'POST', headers: { 'content-type': type, accept: 'text/html' }, body, redirect: 'manual' });
          const text = await response.text();
          const where = `${form.path()} answered ${response.status}: ${text.slice(0, 200)}`;
          expect(response.status, where).toBeLessThan(500);
          for (const leak of LEAKS) expect(leak.test(text), `${where} leaks ${leak}`).toBe(false);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    console.log(`fuzz: ${cases} generated bad form posts over ${FORMS.length} public forms`);
  });
});
