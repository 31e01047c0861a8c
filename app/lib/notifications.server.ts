import type { DashboardState } from './guard.server';
import { v1 } from './v1.server';

/**
 * The member's open notifications for the header drawer (v1 list-not-dismissed). The
 * drawer is a convenience on every page: if the call fails the page still renders, with
 * the drawer left out rather than shown empty (which would claim there is nothing).
 */
export async function loadNotifications(state: DashboardState) {
  if (!state.business) return null;
  const result = await v1(state.caller).notifications.listNotDismissed();
  if (!result.ok) return null;
  return {
    items: result.data.notifications,
    timeZone: state.business.timezone || 'UTC',
    now: new Date().toISOString(),
  };
}
