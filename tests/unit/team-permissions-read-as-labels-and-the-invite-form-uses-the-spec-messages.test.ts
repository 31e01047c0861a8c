import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_PERMISSIONS, PERMISSION_LABELS } from '../../contract/permissions';
import {
  DEFAULT_GRANTABLE,
  inviteFormSchema,
  invitationPath,
  permissionLabel,
  permissionsSummary,
  roleLabel,
} from '../../app/lib/team';

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('team pages: permission labels and summaries', () => {
  it('labels every assignable permission from the contract and falls back to the raw name', () => {
    for (const permission of ASSIGNABLE_PERMISSIONS)
      expect(permissionLabel(permission)).toBe((PERMISSION_LABELS as Record<string, string>)[permission]);
    expect(permissionLabel('future/view')).toBe('future/view');
    expect(DEFAULT_GRANTABLE).not.toContain('admin');
  });

  it('summarises a member: all for an admin, none, or the first three labels and a count', () => {
    expect(permissionsSummary({ role: 'admin', permissions: ['admin'] })).toBe('All permissions');
    expect(permissionsSummary({ role: 'member', permissions: [] })).toBe('No permissions');
    expect(permissionsSummary({ role: 'member', permissions: ['notes/view'] })).toBe(PERMISSION_LABELS['notes/view']);
    const many = ['notes/view', 'calls/view', 'forms/view', 'smses/view', 'services/view'];
    expect(permissionsSummary({ role: 'member', permissions: many })).toMatch(/ and 2 more$/);
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('member')).toBe('Member');
  });

  it('builds the invitation path with the token escaped', () => {
    expect(invitationPath('abc-DEF_1')).toBe('/invitations/abc-DEF_1');
    expect(invitationPath('a/b')).toBe('/invitations/a%2Fb');
  });
});

describe('the invite form', () => {
  it("refuses a missing or malformed email with the spec's User messages", () => {
    const missing = parseWithZod(form([['email', '']]), { schema: inviteFormSchema });
    expect(missing.status).toBe('error');
    expect(missing.reply().error?.email).toEqual(['User email is required.']);
    const invalid = parseWithZod(form([['email', 'a@b']]), { schema: inviteFormSchema });
    expect(invalid.reply().error?.email).toEqual(['User e-mail is not valid.']);
  });

  it('sends one, several or no checked permissions as a list, and lower-cases the email', () => {
    const none = parseWithZod(form([['email', 'Ivy@Example.com']]), { schema: inviteFormSchema });
    expect(none.status === 'success' && none.value).toEqual({ email: 'ivy@example.com', permissions: [] });
    const one = parseWithZod(
      form([
        ['email', 'ivy@example.com'],
        ['permissions', 'notes/view'],
      ]),
      { schema: inviteFormSchema },
    );
    expect(one.status === 'success' && one.value.permissions).toEqual(['notes/view']);
    const two = parseWithZod(
      form([
        ['email', 'ivy@example.com'],
        ['permissions', 'notes/view'],
        ['permissions', 'calls/view'],
      ]),
      { schema: inviteFormSchema },
    );
    expect(two.status === 'success' && two.value.permissions).toEqual(['notes/view', 'calls/view']);
  });
});
