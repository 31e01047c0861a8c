import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** The v1 calls of issue 2. */
const ISSUE_2_PATHS = [
  'users/create',
  'users/login',
  'users/logout',
  'users/forgot-password',
  'users/verify-password-code',
  'users/get',
  'users/update',
  'users/delete',
  'users/mobile-submit',
  'users/mobile-verify',
  'users/list-businesses',
  'users/unlink-business/{business_id}',
  'user/updateUser',
  'businesses/create',
  'businesses/update/{business_id}',
  'businesses/onboard/{business_id}',
  'businesses/completed-test/{business_id}',
  'helpers/business-lookup',
];

/** No stack trace, file path or internal error name ever reaches a client. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|SyntaxError|ZodError|HTTPException/);
}

async function envelopeOf(response: Response) {
  const text = await response.text();
  expectNoInternals(text);
  const body = JSON.parse(text);
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('data');
  return body as { errors: string[]; field_errors?: Record<string, string[]> };
}

describe('GET /api/v1/openapi.json', () => {
  it('lists every call of issue 2 as a POST', async () => {
    const response = await h.app.fetch(new Request('http://x/api/v1/openapi.json'));
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components?: { securitySchemes?: Record<string, unknown> };
    };
    expect(document.openapi).toMatch(/^3\.1/);
    for (const path of ISSUE_2_PATHS) {
      expect(document.paths, path).toHaveProperty([`/api/v1/${path}`]);
      expect(document.paths[`/api/v1/${path}`], path).toHaveProperty('post');
    }
    expect(document.components?.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('documents the request schema with the validation rules, e.g. registration', async () => {
    const document = await (await h.app.fetch(new Request('http://x/api/v1/openapi.json'))).json();
    const operation = document.paths['/api/v1/users/create'].post;
    const schema = operation.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(operation.responses).toHaveProperty('200');
    expect(operation.responses).toHaveProperty('422');
  });
});

describe('errors keep the v1 envelope', () => {
  it('malformed JSON gives 400 with the envelope, never a stack trace', async () => {
    const response = await h.request('users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(response.status).toBe(400);
    expect((await envelopeOf(response)).errors).toEqual(['The request body is not valid JSON.']);
  });

  it('malformed JSON on an authenticated call also gives 400 (or 401 before parsing), never a 500', async () => {
    const account = await h.signUp();
    const response = await h.request('businesses/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: 'not json at all',
    });
    expect(response.status).toBe(400);
    await envelopeOf(response);
  });

  it('a JSON body that is not an object gives 422 with the envelope', async () => {
    for (const body of ['"just a string"', '[1,2,3]', 'null', '42']) {
      const response = await h.request('users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status, body).toBe(422);
      await envelopeOf(response);
    }
  });

  it('a body that is not JSON at all (no JSON content type) gives a 4xx with the envelope', async () => {
    const response = await h.request('users/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'email=a@b.c',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    await envelopeOf(response);
  });

  it('an unknown path gives 404 with the envelope', async () => {
    const response = await h.request('users/no-such-call', { method: 'POST' });
    expect(response.status).toBe(404);
    expect((await envelopeOf(response)).errors).toEqual(['There is no such API call.']);
  });

  it('a known path with the wrong method gives 404 with the envelope', async () => {
    const response = await h.request('users/get', { method: 'GET' });
    expect(response.status).toBe(404);
    await envelopeOf(response);
  });

  it('answers JSON for every failure', async () => {
    const response = await h.request('nowhere');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    await envelopeOf(response);
  });
});
