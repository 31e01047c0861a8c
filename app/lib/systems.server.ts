import type { ApiTimelineItem } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import type { ApiAvailableNumber, ApiSystem, ApiSystemEvent } from '#contract/v1/systems';
import { entityLoadFailure, type DashboardState } from './guard.server';
import { v1 } from './v1.server';

export const canViewSystems = (state: DashboardState) => hasPermission(state.business?.permissions, 'systems/view');
export const canEditSystems = (state: DashboardState) => hasPermission(state.business?.permissions, 'systems/edit');

/** The business's systems (the settings page's list), or why they could not be listed (the rest of the page still works). */
export async function listSystems(state: DashboardState): Promise<{ systems: ApiSystem[]; error: string | null }> {
  const result = await v1(state.caller).systems.list();
  if (!result.ok) return { systems: [], error: result.errors[0] ?? 'The systems could not be loaded.' };
  // The schema documents settings as an open record; each system's are its kind's.
  return { systems: result.data.systems as ApiSystem[], error: null };
}

/** One system; a 404 tries the user's other businesses first (support links), like every entity page. */
export async function getSystem(state: DashboardState, id: string): Promise<ApiSystem> {
  const result = await v1(state.caller).systems.setup(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.systems.get(id));
  // The schema documents settings as an open record; a system's are its kind's.
  return { ...(result.data.system as ApiSystem), setup_steps: result.data.setup_steps };
}

/** The events log is paged like the other lists (?page=), so a busy system's page stays short on a phone. */
export const EVENTS_PAGE_SIZE = 10;

export async function listSystemEvents(
  state: DashboardState,
  id: string,
  page = 0,
): Promise<{ events: ApiSystemEvent[]; total: number; page: number; pageSize: number }> {
  const result = await v1(state.caller).systems.listEvents(id, { page, limit: EVENTS_PAGE_SIZE });
  const pageSize = EVENTS_PAGE_SIZE;
  return result.ok
    ? { events: result.data.events, total: result.data.total, page, pageSize }
    : { events: [], total: 0, page, pageSize };
}

export type NumberSearch = {
  country: string;
  area_code: string;
  contains: string;
  numbers: ApiAvailableNumber[] | null;
  error: string | null;
};

/** The number search of the setup's `number` step: a GET form (?country=&area_code=), so it needs no JavaScript. */
export async function searchNumbers(state: DashboardState, id: string, url: URL): Promise<NumberSearch> {
  const country = (url.searchParams.get('country') ?? state.business?.country ?? 'US').trim().toUpperCase();
  const area_code = (url.searchParams.get('area_code') ?? '').trim();
  const contains = (url.searchParams.get('contains') ?? '').trim();
  if (!url.searchParams.has('country')) return { country, area_code, contains, numbers: null, error: null };
  const result = await v1(state.caller).systems.listAvailableNumbers(id, {
    country,
    ...(area_code ? { area_code } : {}),
    ...(contains ? { contains } : {}),
  });
  if (!result.ok)
    return {
      country,
      area_code,
      contains,
      numbers: null,
      error: Object.values(result.fieldErrors).flat()[0] ?? result.errors[0] ?? null,
    };
  return { country, area_code, contains, numbers: result.data.available_numbers, error: null };
}

/** How far back the recent-calls list looks (docs/product.md#v1-calls: created_at within the last 3 minutes, limit 50). */
export const RECENT_CALLS_WINDOW_MS = 3 * 60 * 1000;

/** Calls of the last 3 minutes: where a call placed from the system page shows up. */
export async function recentCalls(state: DashboardState, now = new Date()): Promise<ApiTimelineItem[] | null> {
  if (!state.business || !hasPermission(state.business.permissions, 'calls/view')) return null;
  const result = await v1(state.caller).calls.list({
    created_at: {
      from: new Date(now.getTime() - RECENT_CALLS_WINDOW_MS).toISOString(),
      to: new Date(now.getTime() + 5_000).toISOString(),
    },
    limit: 50,
  });
  return result.ok ? result.data.calls : [];
}
