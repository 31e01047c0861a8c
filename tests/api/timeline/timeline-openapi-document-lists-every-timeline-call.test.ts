import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const POSTS = [
  ...['notes', 'calls', 'smses', 'forms'].flatMap((many) => [
    `businesses/${many}/{business_id}/list`,
    `businesses/${many}/{business_id}/get/{id}`,
    `businesses/${many}/{business_id}/delete/{id}`,
    `businesses/${many}/{business_id}/restore/{id}`,
  ]),
  'businesses/notes/{business_id}/create',
  'businesses/notes/{business_id}/update/{id}',
  'businesses/calls/{business_id}/recording/{id}',
  'businesses/timeline/{business_id}/list',
  'businesses/notifications/{business_id}/list-not-dismissed',
  'businesses/notifications/{business_id}/update/{notification_id}',
];

it('documents every timeline and notification call (POST) and the recording file route (GET)', async () => {
  const document = (await (await h.app.fetch(new Request('http://x/api/v1/openapi.json'))).json()) as {
    paths: Record<string, Record<string, any>>;
  };
  for (const path of POSTS) expect(document.paths[`/api/v1/${path}`], path).toHaveProperty('post');
  expect(document.paths['/api/v1/files/recordings/{call_id}']).toHaveProperty('get');
  const create = document.paths['/api/v1/businesses/notes/{business_id}/create'].post;
  expect(create.requestBody.content['application/json'].schema.required).toContain('body');
  expect(
    Object.keys(document.paths).some((path) => /\/(calls|smses|forms)\/\{business_id\}\/(create|update)/.test(path)),
  ).toBe(false);
});
