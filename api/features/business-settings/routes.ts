import { businessSettings, SETTINGS_EDIT_REFUSAL } from '#contract/v1/business-settings';
import { requireBusinessPermission } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';
import {
  getBusinessSettings,
  setBusinessSettings,
  setNotificationPreferences,
} from '#api/features/business-settings/service';

/** The settings calls declared in contract/v1/business-settings.ts: any member reads, businesses/edit (or admin) writes the business's keys. */
export const businessSettingsRouter = serveCalls(businessSettings, {
  get: async (c, { params }) => ({
    data: { business_settings: await getBusinessSettings(c.var.deps, params.business_id, c.var.auth.user.id) },
  }),
  set: async (c, { params, body }) => {
    const { notifications, ...rest } = body;
    const { deps } = c.var;
    const { user } = c.var.auth;
    // Every member sets their own notification preferences; the business's keys need businesses/edit.
    const businessKeys = Object.values(rest).some((value) => value !== undefined);
    if (businessKeys || !notifications)
      await requireBusinessPermission(deps.db, params.business_id, user.id, 'businesses/edit', SETTINGS_EDIT_REFUSAL);
    if (notifications) await setNotificationPreferences(deps, params.business_id, notifications, user);
    const business_settings = businessKeys
      ? await setBusinessSettings(deps, params.business_id, rest, user)
      : await getBusinessSettings(deps, params.business_id, user.id);
    return { data: { business_settings }, messages: ['Settings saved.'] };
  },
});
