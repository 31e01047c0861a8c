import type { ApiNotification } from '#contract/envelope';
import { apiCall } from './api.server';
import type { DashboardState } from './guard.server';

/**
 * The member's open notifications for the header drawer (v1 list-not-dismissed). The
 * drawer is a convenience on every page: if the call fails the page still renders, with
 * the drawer left out rather than shown empty (which would claim there is nothing).
 */
export async function loadNotifications(state: DashboardState) {
  if (!state.business) return null;
  const result = await apiCall<{ notifications: ApiNotification[] }>(
    state.caller,
    `businesses/notifications/${state.business._id}/list-not-dismissed`,
  );
  if (!result.ok) return null;
  return {
    items: result.data.notifications,
    timeZone: state.business.timezone || 'UTC',
    now: new Date().toISOString(),
  };
}
