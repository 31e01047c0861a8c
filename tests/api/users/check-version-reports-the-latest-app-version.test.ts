import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('helpers/check-version', () => {
  it("answers the server's own version when no latest version is configured", async () => {
    const result = await h.call('helpers/check-version');
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ latest_version: '0.0.0-test' });
  });

  it('answers LATEST_APP_VERSION when it is set, signed in or not', async () => {
    h.deps.latestVersion = '2.4.0';
    try {
      expect((await h.call('helpers/check-version')).body.data).toEqual({ latest_version: '2.4.0' });
      const { token } = await h.signUp();
      expect((await h.call('helpers/check-version', undefined, token)).body.data).toEqual({ latest_version: '2.4.0' });
    } finally {
      h.deps.latestVersion = undefined;
    }
  });
});
