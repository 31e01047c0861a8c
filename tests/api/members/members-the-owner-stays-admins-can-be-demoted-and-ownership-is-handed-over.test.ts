import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '#api/db/schema';
import { messages } from '#contract/messages';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/users/${businessId}/${action}`;
type Listed = {
  _id: string;
  user: { id: string; name: string };
  role: string;
  is_owner: boolean;
  permissions: string[];
};

/** The creator (owner) and a second admin who joined later, plus a plain member. */
async function businessWithTwoAdmins() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const admin = await h.signUp();
  const member = await h.signUp();
  await h.addMember(b, admin.user.id, ['customers/view']);
  await h.addMember(b, member.user.id, ['notes/view']);
  expect((await h.call(path(b, 'make-admin'), { user_id: admin.user.id }, owner.token)).status).toBe(200);
  const ids = await membershipIds(b, owner.token);
  return { owner, admin, member, b, ids };
}

async function list(b: string, token: string): Promise<Listed[]> {
  const result = await h.call(path(b, 'list'), undefined, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.users;
}

async function membershipIds(b: string, token: string) {
  return Object.fromEntries((await list(b, token)).map((entry) => [entry.user.id, entry._id])) as Record<
    string,
    string
  >;
}

const ownerOf = async (b: string, token: string) =>
  (await list(b, token)).filter((entry) => entry.is_owner).map((entry) => entry.user.id);

describe('the business owner', () => {
  it('is the creator, shown as is_owner on the member list and get', async () => {
    const { owner, admin, b, ids } = await businessWithTwoAdmins();
    expect(await ownerOf(b, owner.token)).toEqual([owner.user.id]);
    const one = await h.call(path(b, `get/${ids[owner.user.id]}`), undefined, admin.token);
    expect(one.body.data.user).toMatchObject({ is_owner: true, role: 'admin' });
    const [row] = await h.database.db
      .select({ ownerId: businesses.ownerId })
      .from(businesses)
      .where(eq(businesses.id, b));
    expect(row.ownerId).toBe(owner.user.id);
  });

  it('cannot be removed by another admin: 403 with a clear message, and nothing changes', async () => {
    const { owner, admin, b, ids } = await businessWithTwoAdmins();
    const refused = await h.call(path(b, `remove/${ids[owner.user.id]}`), undefined, admin.token);
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual([messages.team.ownerCannotBeRemoved]);
    expect((await list(b, owner.token)).map((entry) => entry.user.id)).toContain(owner.user.id);
  });

  it('cannot be demoted by another admin, through remove-admin or edit', async () => {
    const { owner, admin, b, ids } = await businessWithTwoAdmins();
    const demote = await h.call(path(b, 'remove-admin'), { user_id: owner.user.id }, admin.token);
    expectFailureEnvelope(demote, 403);
    expect(demote.body.errors).toEqual([messages.team.ownerStaysAdmin]);
    const edit = await h.call(path(b, `edit/${ids[owner.user.id]}`), { permissions: ['customers/view'] }, admin.token);
    expectFailureEnvelope(edit, 403);
    expect(edit.body.errors).toEqual([messages.team.ownerStaysAdmin]);
    const one = await h.call(path(b, `get/${ids[owner.user.id]}`), undefined, owner.token);
    expect(one.body.data.user).toMatchObject({ role: 'admin', is_owner: true, permissions: ['admin'] });
  });

  it('hands ownership over; the new owner is then protected and the former one is an ordinary admin', async () => {
    const { owner, admin, member, b, ids } = await businessWithTwoAdmins();
    // Only the owner hands it over.
    const notOwner = await h.call(path(b, 'transfer-ownership'), { user_id: admin.user.id }, admin.token);
    expectFailureEnvelope(notOwner, 403);
    expect(notOwner.body.errors).toEqual([messages.team.ownerOnly]);

    // To a plain member, who becomes an admin with it.
    const mark = h.events.length;
    const handed = await h.call(path(b, 'transfer-ownership'), { user_id: member.user.id }, owner.token);
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.messages).toEqual([`${member.name} now owns the business.`]);
    expect(handed.body.data.user).toMatchObject({
      is_owner: true,
      role: 'admin',
      permissions: ['admin', 'notes/view'],
    });
    expect(
      h.events
        .slice(mark)
        .some((e) => e.event === 'UserUpdated' && e.channels.includes(`private-user.${member.user.id}`)),
    ).toBe(true);
    expect(await ownerOf(b, owner.token)).toEqual([member.user.id]);

    // The former owner may now be demoted and removed by the new owner.
    const demoted = await h.call(path(b, 'remove-admin'), { user_id: owner.user.id }, member.token);
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect(demoted.body.data.user).toMatchObject({ role: 'member', is_owner: false });
    // ...but the new owner is protected from the other admin.
    expectFailureEnvelope(await h.call(path(b, `remove/${ids[member.user.id]}`), undefined, admin.token), 403);
    expectFailureEnvelope(await h.call(path(b, 'transfer-ownership'), { user_id: member.user.id }, member.token), 422);
  });

  it('transfer-ownership validates user_id: 422 without one, 404 for someone not in the business', async () => {
    const { owner, b } = await businessWithTwoAdmins();
    expectFailureEnvelope(await h.call(path(b, 'transfer-ownership'), {}, owner.token), 422);
    const stranger = await h.signUp();
    expectFailureEnvelope(await h.call(path(b, 'transfer-ownership'), { user_id: stranger.user.id }, owner.token), 404);
    expect(await ownerOf(b, owner.token)).toEqual([owner.user.id]);
  });

  it('stepping down, removing themself or leaving passes ownership to the longest-standing other admin', async () => {
    const stepDown = await businessWithTwoAdmins();
    const result = await h.call(
      path(stepDown.b, 'remove-admin'),
      { user_id: stepDown.owner.user.id },
      stepDown.owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(await ownerOf(stepDown.b, stepDown.admin.token)).toEqual([stepDown.admin.user.id]);

    const removeSelf = await businessWithTwoAdmins();
    expect(
      (
        await h.call(
          path(removeSelf.b, `remove/${removeSelf.ids[removeSelf.owner.user.id]}`),
          undefined,
          removeSelf.owner.token,
        )
      ).status,
    ).toBe(200);
    expect(await ownerOf(removeSelf.b, removeSelf.admin.token)).toEqual([removeSelf.admin.user.id]);

    const leave = await businessWithTwoAdmins();
    expect((await h.call(`users/unlink-business/${leave.b}`, undefined, leave.owner.token)).status).toBe(200);
    expect(await ownerOf(leave.b, leave.admin.token)).toEqual([leave.admin.user.id]);
  });
});

describe('businesses/users/{business_id}/remove-admin', () => {
  it('takes admin away from an admin, who keeps their other permissions (admins only)', async () => {
    const { owner, admin, member, b } = await businessWithTwoAdmins();
    const refused = await h.call(path(b, 'remove-admin'), { user_id: admin.user.id }, member.token);
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual([messages.team.adminOnlyDemote]);

    const result = await h.call(path(b, 'remove-admin'), { user_id: admin.user.id }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([`${admin.name} is no longer an admin.`]);
    expect(result.body.data.user).toMatchObject({ role: 'member', permissions: ['customers/view'] });
    const listed = await h.call('users/list-businesses', undefined, admin.token);
    expect(listed.body.data.businesses[0]).toMatchObject({ role: 'member', permissions: ['customers/view'] });
    expectFailureEnvelope(await h.call(path(b, 'remove-admin'), {}, owner.token), 422);
  });

  it('never takes admin from the last admin', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(path(owner.business._id, 'remove-admin'), { user_id: owner.user.id }, owner.token);
    expectFailureEnvelope(result, 422);
    expect(result.body.errors).toEqual(['A business needs at least one admin. Make someone else admin first.']);
  });
});
