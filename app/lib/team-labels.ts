import { ASSIGNABLE_PERMISSIONS, PERMISSION_LABELS } from '#contract/permissions';

/**
 * How the team pages name roles and permissions, apart from the invite form's schema
 * (app/lib/team.ts, which re-exports these) so that those pages show them without loading zod.
 */

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
