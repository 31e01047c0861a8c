import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInvitations } from '#api/db/schema';
import { messages } from '#contract/messages';
import { createHarness, PASSWORD, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/users/${businessId}/${action}`;
const DAY = 24 * 60 * 60 * 1000;

/** The accept link of the newest invitation emailed to `email`, and its token. */
async function emailedLink(email: string) {
  const [mail] = await h.outboxFor(email, 'email');
  const link = mail?.body.match(/http:\/\/app\.test\/invitations\/([A-Za-z0-9_-]+)/);
  if (!link) throw new Error(`no invitation link was emailed to ${email}`);
  return { mail, url: link[0], token: link[1] };
}

describe('businesses/users/{business_id}/invite', () => {
  it('emails an accept link, answers the invitation and lists it as pending for those who may edit members', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const email = uniqueEmail();
    const mark = h.events.length;
    const result = await h.call(
      path(b, 'invite'),
      { email: email.toUpperCase(), permissions: ['customers/view', 'notes/view'] },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Invitation sent.']);
    const { invitation } = result.body.data;
    expect(invitation).toMatchObject({ email, permissions: ['customers/view', 'notes/view'], status: 'pending' });
    expect(new Date(invitation.expires_at).getTime() - new Date(invitation.created_at).getTime()).toBe(14 * DAY);

    const { mail, token } = await emailedLink(email);
    expect(mail.subject).toBe(`${owner.name} invited you to join ${owner.business.name}`);
    // Only the hash is stored.
    const [row] = await h.database.db
      .select()
      .from(businessInvitations)
      .where(eq(businessInvitations.id, invitation._id));
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await h.call(path(b, 'list'), undefined, owner.token);
    expect(list.body.data.invitations.map((entry: { email: string }) => entry.email)).toEqual([email]);
    expect(
      h.events
        .slice(mark)
        .some((e) => e.event === 'BusinessUserUpdated' && e.channels.includes(`private-business.${b}`)),
    ).toBe(true);
  });

  it('validates the email with the spec messages and refuses unknown permissions', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expectFieldError(await h.call(path(b, 'invite'), {}, owner.token), 'email', 'User email is required.');
    expectFieldError(await h.call(path(b, 'invite'), { email: '  ' }, owner.token), 'email', 'User email is required.');
    expectFieldError(
      await h.call(path(b, 'invite'), { email: 'not-an-email' }, owner.token),
      'email',
      'User e-mail is not valid.',
    );
    const unknown = await h.call(path(b, 'invite'), { email: uniqueEmail(), permissions: ['root'] }, owner.token);
    expectFailureEnvelope(unknown, 422);
    expect(unknown.body.errors).toEqual(['"root" is not a permission.']);
  });

  it('answers 422 for someone who is already a member', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(path(owner.business._id, 'invite'), { email: owner.email }, owner.token);
    expectFieldError(result, 'email', 'This person is already a member of the business.');
  });

  it('inviting an email with a pending invitation again is refused (422 on email) and keeps its permissions and link', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const email = uniqueEmail();
    const first = await h.call(path(b, 'invite'), { email, permissions: ['customers/view'] }, owner.token);
    const old = await emailedLink(email);
    h.clock.offsetMs += 60_000;
    const second = await h.call(path(b, 'invite'), { email: email.toUpperCase(), permissions: [] }, owner.token);
    expectFailureEnvelope(second, 422);
    expectFieldError(second, 'email', messages.team.alreadyInvited);
    const pending = (await h.call(path(b, 'list'), undefined, owner.token)).body.data.invitations;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ _id: first.body.data.invitation._id, permissions: ['customers/view'] });
    expect((await emailedLink(email)).token).toBe(old.token);
    expect((await h.call(`invitations/get/${old.token}`)).body.data.invitation.status).toBe('pending');
  });

  it('resend-invitation mails the same invitation again: same permissions, a new link for 14 more days, the old one dead', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const email = uniqueEmail();
    const first = await h.call(
      path(b, 'invite'),
      { email, permissions: ['customers/view', 'notes/view'] },
      owner.token,
    );
    const old = await emailedLink(email);
    h.clock.offsetMs += 3 * DAY;
    const resent = await h.call(path(b, `resend-invitation/${first.body.data.invitation._id}`), undefined, owner.token);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.messages).toEqual([messages.team.invitationResent]);
    expect(resent.body.data.invitation).toMatchObject({
      _id: first.body.data.invitation._id,
      permissions: ['customers/view', 'notes/view'],
      status: 'pending',
    });
    // 14 days from the resend (the test clock runs on from the real one).
    const later =
      new Date(resent.body.data.invitation.expires_at).getTime() -
      new Date(first.body.data.invitation.expires_at).getTime();
    expect(later).toBeGreaterThanOrEqual(3 * DAY);
    expect(later).toBeLessThan(3 * DAY + 5 * 60_000);
    const fresh = await emailedLink(email);
    expect(fresh.token).not.toBe(old.token);
    expectFailureEnvelope(await h.call(`invitations/get/${old.token}`), 404);
    expect((await h.call(`invitations/get/${fresh.token}`)).body.data.invitation).toMatchObject({
      status: 'pending',
      permissions: ['customers/view', 'notes/view'],
    });

    // Not for a revoked one, another business's, or without business_users/edit.
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['business_users/view']);
    const refused = await h.call(
      path(b, `resend-invitation/${first.body.data.invitation._id}`),
      undefined,
      viewer.token,
    );
    expect(refused.status).toBe(403);
    const other = await h.signUpWithBusiness();
    expectFailureEnvelope(
      await h.call(
        path(other.business._id, `resend-invitation/${first.body.data.invitation._id}`),
        undefined,
        other.token,
      ),
      404,
    );
    await h.call(path(b, `revoke-invitation/${first.body.data.invitation._id}`), undefined, owner.token);
    expectFailureEnvelope(
      await h.call(path(b, `resend-invitation/${first.body.data.invitation._id}`), undefined, owner.token),
      404,
    );
  });

  it('needs business_users/edit (an admin-level invitation needs an admin)', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['business_users/view']);
    const refused = await h.call(path(b, 'invite'), { email: uniqueEmail() }, viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['You do not have permission to edit members']);
    const editor = await h.signUp();
    await h.addMember(b, editor.user.id, ['business_users/edit']);
    expect((await h.call(path(b, 'invite'), { email: uniqueEmail() }, editor.token)).status).toBe(200);
    expect(
      (await h.call(path(b, 'invite'), { email: uniqueEmail(), permissions: ['admin'] }, editor.token)).status,
    ).toBe(403);
  });
});

describe('invitations/get/{token} and accept', () => {
  it('an existing user opens the link signed out, then accepts: they join with the invited permissions', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const invitee = await h.signUp();
    await h.call(path(b, 'invite'), { email: invitee.email, permissions: ['customers/view'] }, owner.token);
    const { token } = await emailedLink(invitee.email);

    const shown = await h.call(`invitations/get/${token}`);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.invitation).toMatchObject({
      business: { _id: b, name: owner.business.name },
      email: invitee.email,
      status: 'pending',
      permissions: ['customers/view'],
    });

    expectFailureEnvelope(await h.call(path(b, 'accept'), { token }), 401);
    const mark = h.events.length;
    const accepted = await h.call(path(b, 'accept'), { token }, invitee.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.messages).toEqual([`You have joined ${owner.business.name}.`]);
    expect(accepted.body.data.business).toMatchObject({
      _id: b,
      name: owner.business.name,
      permissions: ['customers/view'],
      role: 'member',
    });
    const sent = h.events.slice(mark);
    expect(sent.some((e) => e.event === 'UserUpdated' && e.channels.includes(`private-user.${invitee.user.id}`))).toBe(
      true,
    );
    expect(sent.some((e) => e.event === 'BusinessUserCreated' && e.channels.includes(`private-business.${b}`))).toBe(
      true,
    );

    const businesses = await h.call('users/list-businesses', undefined, invitee.token);
    expect(businesses.body.data.businesses.map((entry: { _id: string }) => entry._id)).toEqual([b]);
    expect((await h.call(`businesses/customers/${b}/list`, undefined, invitee.token)).status).toBe(200);
    expect((await h.call(path(b, 'list'), undefined, owner.token)).body.data.invitations).toEqual([]);

    // Works once.
    expect((await h.call(`invitations/get/${token}`)).body.data.invitation.status).toBe('accepted');
    const again = await h.call(path(b, 'accept'), { token }, invitee.token);
    expectFailureEnvelope(again, 410);
    expect(again.body.errors).toEqual(['This invitation has already been used.']);
  });

  it('a new user registers with the invited email and then accepts', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const email = uniqueEmail();
    await h.call(path(b, 'invite'), { email, permissions: ['notes/view'] }, owner.token);
    const { token } = await emailedLink(email);
    expect((await h.call(`invitations/get/${token}`)).body.data.invitation.email).toBe(email);

    const registered = await h.call('users/create', { name: 'New Colleague', email, password: PASSWORD });
    expect(registered.status).toBe(200);
    const accepted = await h.call(path(b, 'accept'), { token }, registered.body.data.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const members = await h.call(path(b, 'list'), undefined, owner.token);
    expect(
      members.body.data.users.map((entry: { user: { email: string }; permissions: string[] }) => [
        entry.user.email,
        entry.permissions,
      ]),
    ).toEqual([
      [owner.email, ['admin']],
      [email, ['notes/view']],
    ]);
  });

  it('refuses another email address, and a token for another business', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const email = uniqueEmail();
    await h.call(path(b, 'invite'), { email }, owner.token);
    const { token } = await emailedLink(email);
    const someoneElse = await h.signUpWithBusiness();
    const wrong = await h.call(path(b, 'accept'), { token }, someoneElse.token);
    expectFailureEnvelope(wrong, 403);
    expect(wrong.body.errors).toEqual(['This invitation was sent to another email address.']);
    const elsewhere = await h.call(path(someoneElse.business._id, 'accept'), { token }, someoneElse.token);
    expectFailureEnvelope(elsewhere, 404);
    expect(elsewhere.body.errors).toEqual(['This invitation was not found.']);
    expectFailureEnvelope(await h.call(path(b, 'accept'), { token: 'nonsense' }, someoneElse.token), 404);
    expectFailureEnvelope(await h.call(path(b, 'accept'), {}, someoneElse.token), 422);
    expectFailureEnvelope(await h.call('invitations/get/nonsense'), 404);
    expect((await h.call('users/list-businesses', undefined, someoneElse.token)).body.data.businesses).toHaveLength(1);
  });

  it('an expired invitation says so (410) and re-inviting gives a working one', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const invitee = await h.signUp();
    await h.call(path(b, 'invite'), { email: invitee.email }, owner.token);
    const { token } = await emailedLink(invitee.email);
    h.clock.offsetMs += 14 * DAY + 1000;
    try {
      expect((await h.call(`invitations/get/${token}`)).body.data.invitation.status).toBe('expired');
      const expired = await h.call(path(b, 'accept'), { token }, invitee.token);
      expectFailureEnvelope(expired, 410);
      expect(expired.body.errors).toEqual(['This invitation has expired. Ask for a new one.']);
      expect((await h.call(path(b, 'list'), undefined, owner.token)).body.data.invitations).toEqual([]);
      await h.call(path(b, 'invite'), { email: invitee.email }, owner.token);
      const fresh = await emailedLink(invitee.email);
      expect((await h.call(path(b, 'accept'), { token: fresh.token }, invitee.token)).status).toBe(200);
    } finally {
      h.clock.offsetMs -= 14 * DAY + 1000;
    }
  });

  it('a withdrawn invitation cannot be accepted; revoke needs business_users/edit and stays in its business', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const invitee = await h.signUp();
    const invited = await h.call(path(b, 'invite'), { email: invitee.email }, owner.token);
    const id = invited.body.data.invitation._id;
    const { token } = await emailedLink(invitee.email);

    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(path(b, `revoke-invitation/${id}`), undefined, outsider.token), 404);
    expectFailureEnvelope(
      await h.call(path(outsider.business._id, `revoke-invitation/${id}`), undefined, outsider.token),
      404,
    );
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['business_users/view']);
    expect((await h.call(path(b, `revoke-invitation/${id}`), undefined, viewer.token)).status).toBe(403);

    const revoked = await h.call(path(b, `revoke-invitation/${id}`), undefined, owner.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.messages).toEqual(['Invitation withdrawn.']);
    expect(revoked.body.data.invitation.status).toBe('revoked');
    expectFailureEnvelope(await h.call(path(b, `revoke-invitation/${id}`), undefined, owner.token), 404);
    const refused = await h.call(path(b, 'accept'), { token }, invitee.token);
    expectFailureEnvelope(refused, 410);
    expect(refused.body.errors).toEqual(['This invitation has been withdrawn. Ask for a new one.']);
    expect((await h.call(`invitations/get/${token}`)).body.data.invitation.status).toBe('revoked');
  });
});
