import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestMemo } from '#api/lib/request-memo';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

/**
 * A form's action (a POST page request, server.ts) runs the dashboard guard (users/get,
 * users/list-businesses) and then its write: the write's bearer check takes the token and
 * the membership the guard read a moment before in the same request, so a saved contact's
 * event goes out without two more token statements first (docs/performance.md, "Live
 * updates"). The write's own handler reads without that memo, and every call after a write
 * reads afresh.
 */
let h: Harness;
const statements: string[] = [];
beforeAll(async () => {
  h = await createHarness({ onQuery: (query) => void statements.push(query) });
});
afterAll(() => h.close());

const readsTokens = (query: string) => /from "tokens"/i.test(query);
const readsMembership = (query: string) => /"business_users"/i.test(query);

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const before = statements.length;
  await work();
  return statements.slice(before);
}

describe("an action's calls in one request", () => {
  it('read the token and the membership once before the write, and afresh after it', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const contact = await createCustomer(h, b, owner.token, { first_name: 'Ann' });
    await h.call('users/get', undefined, owner.token); // the token's first use may slide its expiry

    const guardAndWrite = await statementsOf(() =>
      withRequestMemo(async () => {
        expect((await h.call('users/get', undefined, owner.token)).status).toBe(200);
        expect((await h.call('users/list-businesses', undefined, owner.token)).status).toBe(200);
        const saved = await h.call(
          `businesses/customers/${b}/update/${contact._id}`,
          { first_name: 'Anna' },
          owner.token,
        );
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }),
    );
    expect(guardAndWrite.filter(readsTokens)).toHaveLength(1);
    expect(guardAndWrite.filter(readsMembership)).toHaveLength(1);

    const afterWrite = await statementsOf(() =>
      withRequestMemo(async () => {
        await h.call('users/list-businesses', undefined, owner.token);
        await h.call(`businesses/customers/${b}/update/${contact._id}`, { first_name: 'Anne' }, owner.token);
        expect((await h.call(`businesses/customers/${b}/get/${contact._id}`, undefined, owner.token)).status).toBe(200);
      }),
    );
    // The read after the write checks its token (and membership) again.
    expect(afterWrite.filter(readsTokens)).toHaveLength(2);
  });

  it("run a write's handler without the request's memo: what it reads is read anew", async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    const b = owner.business._id as string;
    await h.addMember(b, member.user.id, ['customers/view']);
    await h.call('users/get', undefined, member.token);

    const leave = await statementsOf(() =>
      withRequestMemo(async () => {
        await h.call('users/list-businesses', undefined, member.token);
        expect((await h.call(`users/unlink-business/${b}`, undefined, member.token)).status).toBe(200);
      }),
    );
    // The list's membership read, and the handler's own before it ends the membership.
    expect(leave.filter((query) => /from "business_users" inner join "businesses"/i.test(query))).toHaveLength(2);
    expect(
      (await h.call(`businesses/customers/${b}/list`, {}, member.token)).status,
      'the member who left is refused',
    ).toBe(404);
  });
});
