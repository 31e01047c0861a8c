import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const LAST_ADMIN = 'You are the last admin of this business. Make another member an admin before you leave.';

async function businessIds(token: string): Promise<string[]> {
  const list = await h.call('users/list-businesses', undefined, token);
  return list.body.data.businesses.map((b: { _id: string }) => b._id);
}

describe('users/unlink-business/{business_id}', () => {
  it('refuses the last admin with a clear message, and the membership stays', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(`users/unlink-business/${owner.business._id}`, undefined, owner.token);
    expectFailureEnvelope(result, 422);
    expect(result.body.errors).toEqual([LAST_ADMIN]);
    expect(await businessIds(owner.token)).toEqual([owner.business._id]);
  });

  it('refuses the last admin even when other members without admin remain', async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['customers/view']);
    const result = await h.call(`users/unlink-business/${owner.business._id}`, undefined, owner.token);
    expect(result.body.errors).toEqual([LAST_ADMIN]);
  });

  it('lets a member leave: the business is no longer in their list, the admin keeps it', async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['customers/view']);
    expect(await businessIds(member.token)).toEqual([owner.business._id]);
    const listed = await h.call('users/list-businesses', undefined, member.token);
    expect(listed.body.data.businesses[0].permissions).toEqual(['customers/view']);

    const result = await h.call(`users/unlink-business/${owner.business._id}`, undefined, member.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([`You have left ${owner.business.name}.`]);
    expect(await businessIds(member.token)).toEqual([]);
    expect(await businessIds(owner.token)).toEqual([owner.business._id]);

    // Gone means gone: a second attempt finds no membership.
    expectFailureEnvelope(await h.call(`users/unlink-business/${owner.business._id}`, undefined, member.token), 404);
  });

  it('lets an admin leave when another admin remains', async () => {
    const owner = await h.signUpWithBusiness();
    const coAdmin = await h.signUp();
    await h.addMember(owner.business._id, coAdmin.user.id, ['admin']);
    expect((await h.call(`users/unlink-business/${owner.business._id}`, undefined, owner.token)).status).toBe(200);
    expect(await businessIds(owner.token)).toEqual([]);
    // Now the co-admin is the last one.
    const last = await h.call(`users/unlink-business/${owner.business._id}`, undefined, coAdmin.token);
    expect(last.body.errors).toEqual([LAST_ADMIN]);
  });

  it('answers 404 to an outsider, and nothing changes', async () => {
    const owner = await h.signUpWithBusiness();
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['customers/view']);
    const outsider = await h.signUpWithBusiness();

    const result = await h.call(`users/unlink-business/${owner.business._id}`, undefined, outsider.token);
    expectFailureEnvelope(result, 404);
    expect(await businessIds(owner.token)).toEqual([owner.business._id]);
    expect(await businessIds(member.token)).toEqual([owner.business._id]);
    expect(await businessIds(outsider.token)).toEqual([outsider.business._id]);
  });

  it('answers 404 for a business that does not exist, and 401 without a token', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call('users/unlink-business/no-such-business', undefined, owner.token), 404);
    expectFailureEnvelope(await h.call(`users/unlink-business/${owner.business._id}`), 401);
  });
});
