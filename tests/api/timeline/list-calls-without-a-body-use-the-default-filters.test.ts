import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

let harness: Harness;
beforeAll(async () => {
  harness = await createHarness();
});
afterAll(() => harness.close());

it.each(['customers', 'services', 'memories', 'notes', 'calls', 'timeline', 'learning'])(
  'businesses/%s/{id}/list answers with the default page and limit when sent no body',
  async (entity) => {
    const owner = await harness.signUpWithBusiness();
    const response = await harness.call(`businesses/${entity}/${owner.business._id}/list`, undefined, owner.token);
    expect(response.status).toBe(200);
    if ('page' in response.body.data) expect(response.body.data.page).toBe(0);
  },
);
