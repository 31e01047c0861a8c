import { createRoute, z } from '@hono/zod-openapi';
import {
  ASSISTANT_PROVIDERS,
  ASSISTANT_TONES,
  businessSettingsSetSchema,
  NOTIFICATION_EVENTS,
  WEEKDAYS,
  WHEN_UNSURE,
} from '#contract/schemas/business-settings';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { loadMembership, requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { getBusinessSettings, setBusinessSettings, setNotificationPreferences } from '#api/services/business-settings';

export const SETTINGS_EDIT_REFUSAL = 'You do not have permission to edit the business settings';

const tags = ['Business settings'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/settings/{business_id}';

const time = z.string().openapi({ example: '09:00' });
export const businessSettingsOut = z
  .object({
    timezone: z.string(),
    opening_hours: z
      .array(
        z.object({
          day: z.enum(WEEKDAYS),
          open: z.boolean(),
          start: time.openapi({ description: 'The first slot opens' }),
          end: time.openapi({ description: 'The last slot closes' }),
          // Always answered (hours saved before slots read as one); optional only because the settings type lets older shapes in.
          slots: z
            .array(z.object({ start: time, end: time }))
            .optional()
            .openapi({
              description:
                'The open periods in time order (a lunch break splits the day in two); set either slots or start and end',
            }),
        }),
      )
      .nullable(),
    overwrites: z.array(
      z.object({
        _id: z.string(),
        all_day: z.boolean(),
        date: z.string(),
        start: time,
        end: time,
        status: z.enum(['open', 'closed']),
        note: z.string().nullable(),
      }),
    ),
    assistant: z.object({
      name: z.string(),
      greeting: z.string(),
      tone: z.enum(ASSISTANT_TONES),
      when_unsure: z.enum(WHEN_UNSURE),
      escalation_phone: z.string().nullable(),
      capture_bookings: z.boolean(),
      provider: z.enum(ASSISTANT_PROVIDERS),
      recording_notice: z.boolean().openapi({ description: 'Phone calls open with "This call may be recorded."' }),
    }),
    model_available: z
      .boolean()
      .openapi({ description: 'Whether the openai-compatible provider is configured here (ASSISTANT_BASE_URL)' }),
    voice_available: z
      .boolean()
      .openapi({ description: 'Whether speech recognition and synthesis are available here' }),
    notifications: z
      .object({
        events: z.record(z.enum(NOTIFICATION_EVENTS), z.boolean()),
        quiet_hours: z.object({ enabled: z.boolean(), start: time, end: time, urgent_override: z.boolean() }),
        daily_summary: z
          .object({ enabled: z.boolean(), time })
          .openapi({ description: 'An email about yesterday at this time (HH:mm, the business timezone)' }),
      })
      .openapi({ description: "The caller's own notification preferences in this business" }),
  })
  .openapi('BusinessSettings');
const settingsData = z.object({ business_settings: businessSettingsOut });

/** businesses/settings/{business_id}/get|set (spec section 7): any member reads, businesses/edit (or admin) writes. */
export const businessSettingsRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get`,
      summary:
        "The business settings: opening hours, overwrites, timezone, the assistant and the caller's own notification preferences",
      request: { params: businessIdParam },
      responses: envelope(settingsData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await loadMembership(c.var.deps.db, business_id, c.var.auth.user.id);
      return ok(c, { business_settings: await getBusinessSettings(c.var.deps, business_id, c.var.auth.user.id) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/set`,
      summary:
        "Save business settings: only the keys sent change (assistant keys one by one); businesses/edit or admin, except `notifications` (the caller's own preferences), which any member may set",
      request: { params: businessIdParam, body: jsonBody(businessSettingsSetSchema) },
      responses: envelope(settingsData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const { notifications, ...rest } = c.req.valid('json');
      const { deps } = c.var;
      const { user } = c.var.auth;
      // Every member sets their own notification preferences; the business's keys need businesses/edit.
      const businessKeys = Object.values(rest).some((value) => value !== undefined);
      if (businessKeys || !notifications)
        await requireBusinessPermission(deps.db, business_id, user.id, 'businesses/edit', SETTINGS_EDIT_REFUSAL);
      else await loadMembership(deps.db, business_id, user.id);
      if (notifications) await setNotificationPreferences(deps, business_id, notifications, user);
      const business_settings = businessKeys
        ? await setBusinessSettings(deps, business_id, rest, user)
        : await getBusinessSettings(deps, business_id, user.id);
      return ok(c, { business_settings }, ['Settings saved.']);
    },
  );
