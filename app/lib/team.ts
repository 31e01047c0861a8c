import { z } from 'zod';
import { emailField } from '#contract/fields';
import { messages } from '#contract/messages';
import { ASSIGNABLE_PERMISSIONS, PERMISSION_LABELS } from '#contract/permissions';

/** The invite form: the invitee's email (the spec's User messages) and the permissions to grant. */
export const inviteFormSchema = z.object({
  email: emailField({ required: messages.user.emailRequired, invalid: messages.user.emailInvalid }),
  permissions: z.array(z.string()).optional().default([]),
});

/** What the checklists offer when the API cannot say: the spec's view names and our edit names. */
export const DEFAULT_GRANTABLE: readonly string[] = ASSIGNABLE_PERMISSIONS;

/** A permission as people read it (the contract's labels); the raw name for one it does not know. */
export function permissionLabel(permission: string): string {
  return (PERMISSION_LABELS as Record<string, string>)[permission] ?? permission;
}

/** A short line for the list: "Admin", "No permissions", or the first labels and a count. */
export function permissionsSummary(member: { role: string; permissions: string[] }): string {
  if (member.role === 'admin' || member.permissions.includes('admin')) return 'All permissions';
  const list = member.permissions.filter((permission) => permission !== 'admin');
  if (list.length === 0) return 'No permissions';
  const shown = list.slice(0, 3).map(permissionLabel).join(', ');
  return list.length > 3 ? `${shown} and ${list.length - 3} more` : shown;
}

export function roleLabel(role: string): string {
  return role === 'admin' ? 'Admin' : 'Member';
}

export function invitationPath(token: string): string {
  return `/invitations/${encodeURIComponent(token)}`;
}
