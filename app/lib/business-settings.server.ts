import { v1Calls } from '#contract/v1/index';
import type { DashboardState } from './guard.server';
import { httpError } from './invariant.server';
import { v1 } from './v1.server';

/** The settings pages' calls (v1Calls.businessSettings); without a business there are no settings to show. */
export function businessSettingsCalls(state: DashboardState) {
  if (!state.business) httpError(404, 'Create your business first.');
  return v1(state.caller).businessSettings;
}

/** The toasts' path for a settings save. */
export const settingsSetPath = v1Calls.businessSettings.set.path;
