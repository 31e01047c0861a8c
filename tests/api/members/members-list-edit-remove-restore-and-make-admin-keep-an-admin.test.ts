import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNABLE_PERMISSIONS, PERMISSION_LABELS } from '#contract/permissions';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const LAST_ADMIN = 'A business needs at least one admin. Make someone else admin first.';
const VIEW_REFUSAL = 'You do not have permission to view members';
const EDIT_REFUSAL = 'You do not have permission to edit members';
const ADMIN_ONLY = 'Only an admin can make someone an admin.';
const path = (businessId: string, action: string) => `businesses/users/${businessId}/${action}`;

/** An owner (admin) and a member with the given permissions; answers the member's membership id too. */
async function team(permissions: string[] = ['customers/view']) {
  const owner = await h.signUpWithBusiness();
  const member = await h.signUp();
  await h.addMember(owner.business._id, member.user.id, permissions);
  const b = owner.business._id;
  const list = await h.call(path(b, 'list'), undefined, owner.token);
  const ids = Object.fromEntries(
    list.body.data.users.map((entry: { _id: string; user: { id: string } }) => [entry.user.id, entry._id]),
  );
  return { owner, member, b, ownerId: ids[owner.user.id] as string, memberId: ids[member.user.id] as string };
}

describe('businesses/users/{business_id}/list and get', () => {
  it('lists every member with user, permissions, role and created_at, oldest first', async () => {
    const { owner, member, b } = await team();
    const result = await h.call(path(b, 'list'), undefined, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.total).toBe(2);
    expect(result.body.data.business_users).toEqual(result.body.data.users);
    expect(
      result.body.data.users.map((entry: { user: { email: string }; role: string; permissions: string[] }) => [
        entry.user.email,
        entry.role,
        entry.permissions,
      ]),
    ).toEqual([
      [owner.email, 'admin', ['admin']],
      [member.email, 'member', ['customers/view']],
    ]);
    expect(Object.keys(result.body.data.users[0]).sort()).toEqual([
      '_id',
      'created_at',
      'is_owner',
      'permissions',
      'removed_at',
      'role',
      'user',
    ]);
    expect(Object.keys(result.body.data.users[0].user).sort()).toEqual(['email', 'id', 'mobile', 'name']);
    expect(result.body.data.invitations).toEqual([]);
  });

  it('needs admin or business_users/view: otherwise the spec refusal', async () => {
    const { member, b } = await team();
    const refused = await h.call(path(b, 'list'), undefined, member.token);
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual([VIEW_REFUSAL]);

    const { member: viewer, b: other, ownerId } = await team(['business_users/view']);
    const allowed = await h.call(path(other, 'list'), undefined, viewer.token);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.total).toBe(2);
    // Pending invitations are only for those who may edit members.
    expect(allowed.body.data.invitations).toEqual([]);
    const one = await h.call(path(other, `get/${ownerId}`), undefined, viewer.token);
    expect(one.status).toBe(200);
    expect(one.body.data.user.role).toBe('admin');
  });

  it('get answers 404 for a membership of another business, and the other business 404 to outsiders', async () => {
    const first = await team();
    const second = await team();
    expectFailureEnvelope(await h.call(path(first.b, `get/${second.memberId}`), undefined, first.owner.token), 404);
    expectFailureEnvelope(await h.call(path(second.b, 'list'), undefined, first.owner.token), 404);
    expectFailureEnvelope(await h.call(path(second.b, 'list')), 401);
  });
});

describe('businesses/users/{business_id}/available-permissions', () => {
  it('answers the assignable permission strings, each with a label in contract/', async () => {
    const { member, b } = await team();
    const result = await h.call(path(b, 'available-permissions'), undefined, member.token);
    expect(result.status).toBe(200);
    expect(result.body.data.permissions).toEqual([...ASSIGNABLE_PERMISSIONS]);
    for (const name of [
      'business_users/view',
      'services/view',
      'memories/view',
      'systems/view',
      'customers/view',
      'notes/view',
      'calls/view',
      'forms/view',
      'smses/view',
      'customers/edit',
    ]) {
      expect(result.body.data.permissions).toContain(name);
    }
    for (const name of result.body.data.permissions)
      expect(PERMISSION_LABELS[name as keyof typeof PERMISSION_LABELS]).toBeTruthy();
  });
});

describe('businesses/users/{business_id}/edit/{member_id}', () => {
  it('sets the whole permission list and tells the member (UserUpdated) and the team (BusinessUserUpdated)', async () => {
    const { owner, member, b, memberId } = await team();
    const mark = h.events.length;
    const result = await h.call(
      path(b, `edit/${memberId}`),
      { permissions: ['customers/view', 'notes/view', 'notes/edit', 'notes/view'] },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Permissions saved.']);
    expect(result.body.data.user.permissions).toEqual(['customers/view', 'notes/view', 'notes/edit']);
    const listed = await h.call('users/list-businesses', undefined, member.token);
    expect(listed.body.data.businesses[0].permissions).toEqual(['customers/view', 'notes/view', 'notes/edit']);
    const sent = h.events.slice(mark);
    expect(sent.some((e) => e.event === 'UserUpdated' && e.channels.includes(`private-user.${member.user.id}`))).toBe(
      true,
    );
    expect(
      sent.some(
        (e) =>
          e.event === 'BusinessUserUpdated' &&
          e.channels.includes(`private-business.${b}`) &&
          e.payload.id === memberId,
      ),
    ).toBe(true);
  });

  it('refuses unknown permission strings with 422 and changes nothing', async () => {
    const { owner, b, memberId } = await team();
    const result = await h.call(
      path(b, `edit/${memberId}`),
      { permissions: ['customers/view', 'everything/please'] },
      owner.token,
    );
    expectFailureEnvelope(result, 422);
    expect(result.body.errors).toEqual(['"everything/please" is not a permission.']);
    const one = await h.call(path(b, `get/${memberId}`), undefined, owner.token);
    expect(one.body.data.user.permissions).toEqual(['customers/view']);
    expectFailureEnvelope(await h.call(path(b, `edit/${memberId}`), { permissions: 'admin' }, owner.token), 422);
    expectFailureEnvelope(await h.call(path(b, `edit/${memberId}`), {}, owner.token), 422);
  });

  it('needs business_users/edit; granting admin needs an admin; the last admin cannot lose admin', async () => {
    const { owner, member, b, memberId, ownerId } = await team(['business_users/view']);
    const refused = await h.call(path(b, `edit/${memberId}`), { permissions: ['customers/view'] }, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([EDIT_REFUSAL]);

    const editor = await h.signUp();
    await h.addMember(b, editor.user.id, ['business_users/view', 'business_users/edit']);
    expect((await h.call(path(b, `edit/${memberId}`), { permissions: ['customers/view'] }, editor.token)).status).toBe(
      200,
    );
    const grant = await h.call(path(b, `edit/${memberId}`), { permissions: ['admin'] }, editor.token);
    expect(grant.status).toBe(403);
    expect(grant.body.errors).toEqual([ADMIN_ONLY]);
    const demote = await h.call(path(b, `edit/${ownerId}`), { permissions: [] }, editor.token);
    expect(demote.body.errors).toEqual([ADMIN_ONLY]);

    const self = await h.call(path(b, `edit/${ownerId}`), { permissions: ['customers/view'] }, owner.token);
    expectFailureEnvelope(self, 422);
    expect(self.body.errors).toEqual([LAST_ADMIN]);
    // With a second admin, the owner may step down.
    expect((await h.call(path(b, `edit/${memberId}`), { permissions: ['admin'] }, owner.token)).status).toBe(200);
    const stepDown = await h.call(path(b, `edit/${ownerId}`), { permissions: ['customers/view'] }, owner.token);
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.data.user.role).toBe('member');
  });
});

describe('a member may not change their own permissions', () => {
  const SELF_REFUSAL = 'You cannot change your own permissions. Ask an admin.';

  it('refuses a member with business_users/edit who edits their own membership, whatever the list, and changes nothing', async () => {
    const { owner, member, b, memberId } = await team(['business_users/view', 'business_users/edit']);
    const mark = h.events.length;
    for (const permissions of [
      [...ASSIGNABLE_PERMISSIONS],
      ['business_users/view', 'business_users/edit', 'customers/edit'],
      ['business_users/edit'],
      ['business_users/view', 'business_users/edit'],
    ]) {
      const result = await h.call(path(b, `edit/${memberId}`), { permissions }, member.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([SELF_REFUSAL]);
    }
    expect(h.events.slice(mark).filter((e) => e.event === 'BusinessUserUpdated')).toEqual([]);
    const one = await h.call(path(b, `get/${memberId}`), undefined, owner.token);
    expect(one.body.data.user.permissions).toEqual(['business_users/view', 'business_users/edit']);
    // They can still set someone else's.
    const other = await h.signUp();
    await h.addMember(b, other.user.id, []);
    const list = await h.call(path(b, 'list'), undefined, owner.token);
    const otherId = list.body.data.users.find((entry: { user: { id: string } }) => entry.user.id === other.user.id)._id;
    expect((await h.call(path(b, `edit/${otherId}`), { permissions: ['customers/view'] }, member.token)).status).toBe(
      200,
    );
  });

  it('lets an admin change their own permissions only while another admin remains', async () => {
    const { owner, b, ownerId } = await team(['business_users/view', 'business_users/edit']);
    const alone = await h.call(path(b, `edit/${ownerId}`), { permissions: ['business_users/edit'] }, owner.token);
    expectFailureEnvelope(alone, 422);
    expect(alone.body.errors).toEqual([LAST_ADMIN]);
    const kept = await h.call(path(b, `edit/${ownerId}`), { permissions: ['admin', 'customers/view'] }, owner.token);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });
});

describe('businesses/users/{business_id}/remove and restore', () => {
  it('removes softly: the member loses the business at once and restore brings them back', async () => {
    const { owner, member, b, memberId } = await team(['customers/view']);
    const mark = h.events.length;
    const removed = await h.call(path(b, `remove/${memberId}`), undefined, owner.token);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.messages).toEqual([`${member.name} has been removed.`]);
    expect(removed.body.data.user.removed_at).not.toBeNull();
    expect(h.events.slice(mark).some((e) => e.event === 'BusinessUserDeleted' && e.payload.id === memberId)).toBe(true);
    expect(
      h.events
        .slice(mark)
        .some((e) => e.event === 'UserUpdated' && e.channels.includes(`private-user.${member.user.id}`)),
    ).toBe(true);
    expect((await h.call('users/list-businesses', undefined, member.token)).body.data.businesses).toEqual([]);
    expectFailureEnvelope(await h.call(`businesses/customers/${b}/list`, undefined, member.token), 404);

    const list = await h.call(path(b, 'list'), undefined, owner.token);
    expect(list.body.data.total).toBe(1);
    const withRemoved = await h.call(path(b, 'list'), { include_removed: true }, owner.token);
    expect(withRemoved.body.data.total).toBe(2);

    const restored = await h.call(path(b, `restore/${memberId}`), undefined, owner.token);
    expect(restored.status).toBe(200);
    expect(restored.body.messages).toEqual([`${member.name} has been restored.`]);
    expect(restored.body.data.user).toMatchObject({ removed_at: null, permissions: ['customers/view'] });
    expect((await h.call('users/list-businesses', undefined, member.token)).body.data.businesses).toHaveLength(1);
    expectFailureEnvelope(await h.call(path(b, `restore/${memberId}`), undefined, owner.token), 422);
    expectFailureEnvelope(await h.call(path(b, `remove/no-such-member`), undefined, owner.token), 404);
  });

  it('protects the last admin, also from themself', async () => {
    const { owner, b, ownerId, memberId } = await team(['business_users/view', 'business_users/edit']);
    const result = await h.call(path(b, `remove/${ownerId}`), undefined, owner.token);
    expectFailureEnvelope(result, 422);
    expect(result.body.errors).toEqual([LAST_ADMIN]);
    expect((await h.call(path(b, 'list'), undefined, owner.token)).body.data.total).toBe(2);
    await h.call(
      path(b, 'make-admin'),
      { user_id: (await h.call(path(b, `get/${memberId}`), undefined, owner.token)).body.data.user.user.id },
      owner.token,
    );
    expect((await h.call(path(b, `remove/${ownerId}`), undefined, owner.token)).status).toBe(200);
  });

  it('needs business_users/edit', async () => {
    const { member, b, ownerId } = await team(['business_users/view']);
    const result = await h.call(path(b, `remove/${ownerId}`), undefined, member.token);
    expect(result.status).toBe(403);
    expect(result.body.errors).toEqual([EDIT_REFUSAL]);
  });
});

describe('businesses/users/{business_id}/make-admin', () => {
  it('makes a member an admin (admin only, payload user_id), and they then see everything', async () => {
    const { owner, member, b } = await team(['customers/view']);
    const refused = await h.call(path(b, 'make-admin'), { user_id: member.user.id }, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([ADMIN_ONLY]);

    const editor = await h.signUp();
    await h.addMember(b, editor.user.id, ['business_users/edit', 'business_users/view']);
    expect((await h.call(path(b, 'make-admin'), { user_id: member.user.id }, editor.token)).body.errors).toEqual([
      ADMIN_ONLY,
    ]);

    const mark = h.events.length;
    const result = await h.call(path(b, 'make-admin'), { user_id: member.user.id }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([`${member.name} is now an admin.`]);
    expect(result.body.data.user).toMatchObject({ role: 'admin', permissions: ['admin', 'customers/view'] });
    expect(
      h.events
        .slice(mark)
        .some((e) => e.event === 'UserUpdated' && e.channels.includes(`private-user.${member.user.id}`)),
    ).toBe(true);
    expect((await h.call(path(b, 'list'), undefined, member.token)).status).toBe(200);

    expectFailureEnvelope(await h.call(path(b, 'make-admin'), {}, owner.token), 422);
    const stranger = await h.signUp();
    expectFailureEnvelope(await h.call(path(b, 'make-admin'), { user_id: stranger.user.id }, owner.token), 404);
  });
});
