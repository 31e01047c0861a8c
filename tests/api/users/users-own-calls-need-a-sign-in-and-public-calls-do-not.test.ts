import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allV1Calls } from '#contract/v1/index';
import { callPath, type V1Call } from '#contract/v1/define';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * The calls that name no business are not in the permission matrix: a user's own calls
 * ('signed-in') refuse a caller without a live token, and the public ones ('public': signing up
 * and in, the password reset, the version check) answer one. Both lists come from the declarations.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** The call's path with a placeholder for each path parameter (the refusal comes before any lookup). */
const pathOf = (call: V1Call) =>
  callPath(call, Object.fromEntries([...call.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 'placeholder'])));
const signedIn = allV1Calls.filter((call) => call.permission === 'signed-in');
const open = allV1Calls.filter((call) => call.permission === 'public');

describe("a user's own calls", () => {
  it.each(signedIn.map((call) => [call.path, call] as const))(
    '%s: 401 signed out and with a revoked token',
    async (_, call) => {
      const signedOut = await h.call(pathOf(call), {});
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.errors).toEqual(expect.arrayContaining([expect.any(String)]));

      const { token } = await h.signUp();
      expect((await h.call('users/logout', undefined, token)).status).toBe(200);
      expect((await h.call(pathOf(call), {}, token)).status).toBe(401);
    },
  );
});

describe('public calls', () => {
  it.each(open.map((call) => [call.path, call] as const))(
    '%s: answers without a token (never 401 or 5xx)',
    async (_, call) => {
      const answer = await h.call(pathOf(call), {});
      expect(answer.status).not.toBe(401);
      expect(answer.status).toBeLessThan(500);
    },
  );
});
