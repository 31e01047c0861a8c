import { hasPermission } from '#contract/permissions';
import type { ApiMember } from '#contract/v1/members';
import { loadFailure } from './customers.server';
import type { DashboardState } from './guard.server';
import { DEFAULT_GRANTABLE } from './team';
import { v1 } from './v1.server';

/** Invite, revoke, change permissions, remove and restore: business_users/edit (admin has it). */
export function canEditMembers(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'business_users/edit');
}

/** Making someone admin is for admins only. */
export function isBusinessAdmin(state: DashboardState): boolean {
  return state.business?.role === 'admin' || Boolean(state.business?.permissions.includes('admin'));
}

export async function listMembers(state: DashboardState) {
  const result = await v1(state.caller).members.list();
  if (!result.ok) loadFailure(result);
  return { members: result.data.users, invitations: result.data.invitations, total: result.data.total };
}

export async function getMember(state: DashboardState, id: string): Promise<ApiMember> {
  const result = await v1(state.caller).members.get(id);
  if (!result.ok) loadFailure(result);
  return result.data.user;
}

/** The permissions a checklist offers, in the API's order (the contract's names when it cannot say). */
export async function availablePermissions(state: DashboardState): Promise<string[]> {
  const result = await v1(state.caller).members.availablePermissions();
  const list = result.ok ? result.data.permissions : [...DEFAULT_GRANTABLE];
  return list.filter((permission) => permission !== 'admin');
}
