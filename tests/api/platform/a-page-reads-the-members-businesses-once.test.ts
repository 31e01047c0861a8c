import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestMemo } from '#api/lib/request-memo';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * A dashboard page's guard lists the member's businesses (users/list-businesses: every live
 * membership with its business) before the page's business calls. Those calls take their
 * membership from that list instead of reading it again, within the one page request only:
 * the next page reads the list anew, so a removed member is refused there.
 */
let h: Harness;
const statements: string[] = [];
beforeAll(async () => {
  h = await createHarness({ onQuery: (query) => void statements.push(query) });
});
afterAll(() => h.close());

const readsMembership = (query: string) => /"business_users"/i.test(query);

describe("a page's business calls after users/list-businesses", () => {
  it('read no membership of their own, and the next page after a removal is refused', async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    const b = owner.business._id as string;
    await h.addMember(b, member.user.id, ['customers/view']);
    const page = () =>
      withRequestMemo(async () => {
        const user = await h.call('users/get', undefined, member.token);
        const list = await h.call('users/list-businesses', undefined, member.token);
        const customers = await h.call(`businesses/customers/${b}/list`, {}, member.token);
        return [user.status, list.status, customers.status, list.body.data.businesses.length];
      });
    await page(); // the token's first use may slide its expiry
    const before = statements.length;
    expect(await page()).toEqual([200, 200, 200, 1]);
    expect(statements.slice(before).filter(readsMembership)).toHaveLength(1);

    const users = await h.call(`businesses/users/${b}/list`, undefined, owner.token);
    const entry = users.body.data.users.find((u: { user: { id: string } }) => u.user.id === member.user.id);
    expect((await h.call(`businesses/users/${b}/remove/${entry._id}`, undefined, owner.token)).status).toBe(200);
    expect(await page()).toEqual([200, 200, 404, 0]);
  });
});
