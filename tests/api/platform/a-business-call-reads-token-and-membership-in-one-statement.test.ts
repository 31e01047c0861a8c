import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestMemo } from '#api/lib/request-memo';
import { CUSTOMER_STATUSES } from '#contract/schemas/customer';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

/**
 * The bearer check of a business's call (api/lib/auth.ts) reads the token, its user and the
 * caller's membership of that business in one statement, on every call: nothing about a
 * membership is kept between calls, so a removed member, a deleted business or a revoked
 * token is refused by the very next call. Only the calls of one page request share a lookup.
 */
let h: Harness;
const statements: string[] = [];
beforeAll(async () => {
  h = await createHarness({ onQuery: (query) => void statements.push(query) });
});
afterAll(() => h.close());

/** The statements one call (or one page's calls) makes. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const before = statements.length;
  await work();
  return statements.slice(before);
}
const readsTokens = (query: string) => /from "tokens"/i.test(query);
const readsMembership = (query: string) => /"business_users"/i.test(query);

async function team(permissions: string[]) {
  const owner = await h.signUpWithBusiness();
  const member = await h.signUp();
  await h.addMember(owner.business._id, member.user.id, permissions);
  return { owner, member, b: owner.business._id as string };
}

/** The owner removes the member through the API, as the team page does. */
async function removeMember(ownerToken: string, b: string, userId: string) {
  const list = await h.call(`businesses/users/${b}/list`, undefined, ownerToken);
  const entry = list.body.data.users.find((user: { user: { id: string } }) => user.user.id === userId);
  expect((await h.call(`businesses/users/${b}/remove/${entry._id}`, undefined, ownerToken)).status).toBe(200);
}

describe("a business's call", () => {
  it('reads the token, the user and the membership in one statement, for reads and writes alike', async () => {
    const { member, b } = await team(['customers/view', 'customers/edit']);
    // The first call of a token may slide its expiry; the calls measured below do not.
    await h.call(`businesses/customers/${b}/list`, {}, member.token);

    const list = await statementsOf(async () => {
      const result = await h.call(`businesses/customers/${b}/list`, {}, member.token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    });
    expect(list.filter(readsTokens)).toHaveLength(1);
    expect(list.filter(readsMembership)).toEqual(list.filter(readsTokens));

    const create = await statementsOf(async () => {
      const result = await h.call(
        `businesses/customers/${b}/create`,
        { first_name: 'Ada', status: CUSTOMER_STATUSES[0] },
        member.token,
      );
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    });
    expect(create.filter(readsTokens)).toHaveLength(1);
    expect(create.filter(readsMembership)).toEqual(create.filter(readsTokens));
  });

  it('refuses a removed member on the very next call, and a member without the permission', async () => {
    const { owner, member, b } = await team(['customers/view']);
    expect((await h.call(`businesses/customers/${b}/list`, {}, member.token)).status).toBe(200);
    expectFailureEnvelope(
      await h.call(
        `businesses/customers/${b}/create`,
        { first_name: 'Ada', status: CUSTOMER_STATUSES[0] },
        member.token,
      ),
      403,
    );

    await removeMember(owner.token, b, member.user.id);
    expectFailureEnvelope(await h.call(`businesses/customers/${b}/list`, {}, member.token), 404);
    expectFailureEnvelope(await h.call(`businesses/timeline/${b}/list`, {}, member.token), 404);
  });

  it("refuses a business the caller is not a member of, and a deleted business's own owner", async () => {
    const { owner, b } = await team([]);
    const stranger = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(`businesses/customers/${b}/list`, {}, stranger.token), 404);
    expect((await h.call(`businesses/customers/${stranger.business._id}/list`, {}, stranger.token)).status).toBe(200);

    expect((await h.call(`businesses/delete/${b}`, undefined, owner.token)).status).toBe(200);
    expectFailureEnvelope(await h.call(`businesses/customers/${b}/list`, {}, owner.token), 404);
  });

  it('shares one lookup among the calls of one page request, and the next page reads the membership again', async () => {
    const { owner, member, b } = await team(['customers/view', 'smses/view']);
    const page = () =>
      withRequestMemo(async () => {
        const customers = await h.call(`businesses/customers/${b}/list`, {}, member.token);
        const timeline = await h.call(`businesses/timeline/${b}/list`, {}, member.token);
        return [customers.status, timeline.status];
      });
    await page();
    let statuses: number[] = [];
    const first = await statementsOf(async () => (statuses = await page()));
    expect(statuses).toEqual([200, 200]);
    expect(first.filter(readsTokens)).toHaveLength(1);
    expect(first.filter(readsMembership)).toEqual(first.filter(readsTokens));

    await removeMember(owner.token, b, member.user.id);
    expect(await page()).toEqual([404, 404]);
  });

  it('refuses a revoked token on the very next call', async () => {
    const { owner, b } = await team([]);
    expect((await h.call(`businesses/customers/${b}/list`, {}, owner.token)).status).toBe(200);
    expect((await h.call('users/logout', undefined, owner.token)).status).toBe(200);
    expectFailureEnvelope(await h.call(`businesses/customers/${b}/list`, {}, owner.token), 401);
  });
});
