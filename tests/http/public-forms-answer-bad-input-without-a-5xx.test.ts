import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * Property-based fuzzing of the public forms (issue 11) over real HTTP, through the built
 * web app: sign in, register, forgot and reset password, an invitation, the lead catcher's
 * form post and the broadcasting auth. Generated form fields (known and unknown names, odd,
 * huge and binary-ish values, repeated fields, malformed encodings) must never get a 5xx or
 * a stack trace. FUZZ_RUNS and FUZZ_SEED as in tests/fuzz.
 *
 * Beside the random sample, each form (and two signed-in dashboard forms, which call the v1
 * API) gets one deterministic post per class of input that once answered a 5xx: NUL and
 * other control characters, a lone surrogate's bytes, very long values and extreme dates in
 * every field, and NUL in the query.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3) * 4;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const LEAKS = [/\bat [\w.<>]+ \(/, /\.(ts|js):\d+:\d+/, /node_modules/];

let server: TestServer;
let leadcatcher: string;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ settings: { RATE_LIMIT_AUTH_PER_MINUTE: '100000' } });
  const call = async (p: string, body: unknown, token?: string) =>
    (await (
      await fetch(`${server.url}/api/v1/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { data: Record<string, { _id: string }> & { token: string } };
  const email = `fuzz.${Date.now()}@example.com`;
  const { data } = await call('users/create', { name: 'Fuzz Owner', email, password: 'correct horse battery' });
  const business = (
    await call(
      'businesses/create',
      { name: 'Fuzz Forms Ltd', email: 'forms@example.com', country: 'GB', telephones: ['+442071234567'] },
      data.token,
    )
  ).data.business;
  leadcatcher = (await call(`businesses/systems/${business._id}/create`, { name: 'leadcatcher' }, data.token)).data
    .system._id;
  await call(`businesses/completed-test/${business._id}`, undefined, data.token);
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: 'correct horse battery' }),
    redirect: 'manual',
  });
  cookie = /__session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
}, 120_000);

afterAll(() => server?.close());

const FORMS: { path: () => string; fields: string[] }[] = [
  { path: () => '/login', fields: ['email', 'password', 'redirect', 'website'] },
  { path: () => '/register', fields: ['name', 'email', 'password', 'website'] },
  { path: () => '/forgot-password', fields: ['email', 'website'] },
  { path: () => '/reset-password', fields: ['email', 'code', 'password', 'website'] },
  { path: () => '/invitations/not-a-real-token', fields: ['intent', 'name', 'password'] },
  { path: () => '/logout', fields: ['redirect'] },
  { path: () => '/broadcasting/auth', fields: ['socket_id', 'channel_name'] },
  { path: () => '/broadcasting/user-auth', fields: ['socket_id'] },
  {
    path: () => `/api/v1/leadcatcher/${leadcatcher}/submit`,
    fields: ['name', 'email', 'phone', 'message', 'website', 'page'],
  },
];

const oddText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '%',
    '%zz',
    '\ud800',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'a@b',
    '+44',
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ minLength: 3000, maxLength: 12000 }),
);

/** A form body: the form's fields (some repeated, some unknown) with odd values, or a body that is not valid form encoding. */
const formBody = (fields: string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })), oddText), { maxLength: 8 })
        .map((pairs) => new URLSearchParams(pairs).toString()),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '%%%', 'a=%E0%A4%A', '=&=&', 'a'.repeat(20000), '\u0000\u0001') },
  );

/** Signed-in forms whose action calls the v1 API: its refusal must come back as a form error, not a 5xx. */
const DASHBOARD_FORMS: { path: string; fields: string[] }[] = [
  { path: '/dashboard/customers/new', fields: ['first_name', 'last_name', 'status', 'emails[0]', 'phones[0]'] },
  { path: '/dashboard/notes/new', fields: ['body', 'reminder', 'repeat_every', 'repeat_interval'] },
];

/** One form body per class of bad input (values percent-encoded as a browser would send them; %ED%A0%80 is a lone surrogate's bytes). */
function badFormBodies(fields: string[]): { name: string; body: string; query?: string }[] {
  const every = (raw: string) => fields.map((field) => `${encodeURIComponent(field)}=${raw}`).join('&');
  return [
    { name: 'NUL in every field', body: every('a%00b') },
    { name: 'control characters in every field', body: every('a%01%07%1B%7F%C2%85%E2%80%A8z') },
    { name: "a lone surrogate's bytes in every field", body: every('x%ED%A0%80y') },
    { name: 'a very long value in every field', body: every('x'.repeat(30_000)) },
    { name: 'an extreme date in every field', body: every(encodeURIComponent('+275760-09-13T00:00')) },
    { name: 'year 0 in every field', body: every(encodeURIComponent('0000-01-01T00:00')) },
    { name: 'NUL in the query', body: every('ok'), query: '?redirect=%00&q=a%00b' },
  ];
}

async function postForm(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, text };
}

describe('every form, one post per class of bad input', () => {
  it('public forms never answer 5xx or a stack trace', { timeout: 300_000 }, async () => {
    for (const form of FORMS) {
      for (const bad of badFormBodies(form.fields)) {
        const result = await postForm(`${server.url}${form.path()}${bad.query ?? ''}`, bad.body);
        const where = `${form.path()} (${bad.name}) answered ${result.status}: ${result.text.slice(0, 200)}`;
        expect(result.status, where).toBeLessThan(500);
        for (const leak of LEAKS) expect(leak.test(result.text), `${where} leaks ${leak}`).toBe(false);
      }
    }
  });

  it(
    'signed-in forms answer a field error (4xx), never a 5xx, and the NUL is named',
    { timeout: 300_000 },
    async () => {
      expect(cookie).not.toBe('');
      for (const form of DASHBOARD_FORMS) {
        for (const bad of badFormBodies(form.fields)) {
          const result = await postForm(`${server.url}${form.path}${bad.query ?? ''}`, bad.body, { cookie });
          const where = `${form.path} (${bad.name}) answered ${result.status}: ${result.text.slice(0, 200)}`;
          expect(result.status, where).toBeLessThan(500);
          for (const leak of LEAKS) expect(leak.test(result.text), `${where} leaks ${leak}`).toBe(false);
        }
      }
      // A NUL that passes the form's own checks is refused by the v1 API, and the form shows why on the field.
      const result = await postForm(
        `${server.url}/dashboard/notes/new`,
        new URLSearchParams({ body: 'call \u0000 back' }).toString(),
        { cookie },
      );
      expect(result.status).toBe(400);
      expect(result.text).toContain('Text must not contain NUL characters');
    },
  );
});

describe('fuzzing the public forms (fast-check)', () => {
  it('never answers 5xx or a stack trace', { timeout: 900_000 }, async () => {
    let cases = 0;
    for (const form of FORMS) {
      await fc.assert(
        fc.asyncProperty(
          formBody(form.fields),
          fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'application/json'),
          async (body, type) => {
            cases++;
            const response = await fetch(`${server.url}${form.path()}`, {
              method: 'POST',
              headers: { 'content-type': type, accept: 'text/html' },
              body,
              redirect: 'manual',
            });
            const text = await response.text();
            const where = `${form.path()} answered ${response.status}: ${text.slice(0, 200)}`;
            expect(response.status, where).toBeLessThan(500);
            for (const leak of LEAKS) expect(leak.test(text), `${where} leaks ${leak}`).toBe(false);
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    console.log(`fuzz: ${cases} generated bad form posts over ${FORMS.length} public forms`);
  });
});
