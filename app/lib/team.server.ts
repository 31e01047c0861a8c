import { redirect } from '@remix-run/node';
import { hasPermission } from '#contract/permissions';
import { apiCall } from './api.server';
import { loadFailure } from './customers.server';
import type { DashboardState } from './guard.server';
import { DEFAULT_GRANTABLE, type ApiInvitation, type ApiMember } from './team';

export function membersPath(state: DashboardState): string {
  if (!state.business) throw redirect('/dashboard/onboard/mobile-submit');
  return `businesses/users/${state.business._id}`;
}

/** Invite, revoke, change permissions, remove and restore: business_users/edit (admin has it). */
export function canEditMembers(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'business_users/edit');
}

/** Making someone admin is for admins only. */
export function isBusinessAdmin(state: DashboardState): boolean {
  return state.business?.role === 'admin' || Boolean(state.business?.permissions.includes('admin'));
}

export async function listMembers(state: DashboardState) {
  const result = await apiCall<{ users: ApiMember[]; invitations?: ApiInvitation[]; total: number }>(
    state.caller,
    `${membersPath(state)}/list`,
  );
  if (!result.ok) loadFailure(result);
  return {
    members: result.data.users,
    invitations: result.data.invitations ?? [],
    total: result.data.total ?? result.data.users.length,
  };
}

export async function getMember(state: DashboardState, id: string): Promise<ApiMember> {
  const result = await apiCall<{ user: ApiMember }>(
    state.caller,
    `${membersPath(state)}/get/${encodeURIComponent(id)}`,
  );
  if (!result.ok) loadFailure(result);
  return result.data.user;
}

/** The permissions a checklist offers, in the API's order (the contract's names when it cannot say). */
export async function availablePermissions(state: DashboardState): Promise<string[]> {
  const result = await apiCall<{ permissions: string[] }>(state.caller, `${membersPath(state)}/available-permissions`);
  const list = result.ok ? result.data.permissions : [...DEFAULT_GRANTABLE];
  return list.filter((permission) => permission !== 'admin');
}
