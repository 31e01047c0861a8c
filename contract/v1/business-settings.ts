import { z } from 'zod';
import {
  ASSISTANT_PROVIDERS,
  ASSISTANT_TONES,
  businessSettingsSetSchema,
  NOTIFICATION_EVENTS,
  WEEKDAYS,
  WHEN_UNSURE,
} from '../schemas/business-settings';
import { businessParams, defineCall } from './define';

/**
 * A business's settings (opening hours, overwrites, timezone, the assistant) and the caller's
 * own notification preferences in it. Any member reads; set needs businesses/edit for the
 * business's keys, while `notifications` alone any member may set, so set is declared for
 * any member and its handler checks businesses/edit when business keys are sent.
 */
const tags = ['Business settings'];
export const SETTINGS_EDIT_REFUSAL = 'You do not have permission to edit the business settings';

const time = z.string().meta({ example: '09:00' });
export const businessSettingsOut = z
  .object({
    timezone: z.string(),
    opening_hours: z
      .array(
        z.object({
          day: z.enum(WEEKDAYS),
          open: z.boolean(),
          start: time.meta({ description: 'The first slot opens' }),
          end: time.meta({ description: 'The last slot closes' }),
          // Always answered (hours saved before slots read as one); optional only because the settings type lets older shapes in.
          slots: z
            .array(z.object({ start: time, end: time }))
            .optional()
            .meta({
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
      recording_notice: z.boolean().meta({ description: 'Phone calls open with "This call may be recorded."' }),
    }),
    model_available: z
      .boolean()
      .meta({ description: 'Whether the openai-compatible provider is configured here (ASSISTANT_BASE_URL)' }),
    voice_available: z.boolean().meta({ description: 'Whether speech recognition and synthesis are available here' }),
    notifications: z
      .object({
        events: z.record(z.enum(NOTIFICATION_EVENTS), z.boolean()),
        quiet_hours: z.object({ enabled: z.boolean(), start: time, end: time, urgent_override: z.boolean() }),
        daily_summary: z
          .object({ enabled: z.boolean(), time })
          .meta({ description: 'An email about yesterday at this time (HH:mm, the business timezone)' }),
      })
      .meta({ description: "The caller's own notification preferences in this business" }),
  })
  .meta({ id: 'BusinessSettings' });
const settingsData = z.object({ business_settings: businessSettingsOut });

export const businessSettings = {
  get: defineCall({
    path: 'businesses/settings/{business_id}/get',
    params: businessParams,
    response: settingsData,
    permission: 'member',
    summary:
      "The business settings: opening hours, overwrites, timezone, the assistant and the caller's own notification preferences",
    tags,
  }),
  set: defineCall({
    path: 'businesses/settings/{business_id}/set',
    params: businessParams,
    body: businessSettingsSetSchema,
    response: settingsData,
    permission: 'member',
    summary:
      "Save business settings: only the keys sent change (assistant keys one by one); businesses/edit or admin, except `notifications` (the caller's own preferences), which any member may set",
    tags,
  }),
};
