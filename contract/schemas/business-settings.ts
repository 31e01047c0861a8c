import { z } from 'zod';
import { isValidTimezone } from '../countries';
import { phoneNumber } from '../fields';
import { calendarDateSchema } from '../dates';
import { messages } from '../messages';
import {
  checkbox as bool,
  dayHoursSchema,
  timeOfDay as time,
  withSlots,
  WEEKDAYS,
  type DayHours,
} from './opening-hours';

export {
  DEFAULT_OPENING_HOURS,
  daySlots,
  dayHoursSchema,
  MAX_SLOTS_PER_DAY,
  NEW_SLOT_DEFAULTS,
  WEEKDAYS,
  withSlots,
} from './opening-hours';
export type { DayHours, TimeSlot, Weekday } from './opening-hours';

/**
 * Business settings (businesses/settings/{id}/get|set → data.business_settings): weekly
 * opening hours, their overwrites (docs/product.md#entities: all_day, date, start, end, status;
 * defaults closed, 00:00 to 23:59), the timezone, and the assistant's settings.
 * The assistant reads them on every message, so a change applies to the next one.
 */
export type HoursOverwrite = {
  _id: string;
  all_day: boolean;
  /** YYYY-MM-DD in the business's timezone. */
  date: string;
  start: string;
  end: string;
  status: 'open' | 'closed';
  /** Why (shown to callers): "Christmas Day". */
  note: string | null;
};

export const ASSISTANT_TONES = ['friendly', 'professional', 'concise'] as const;
export const WHEN_UNSURE = ['take_message', 'offer_callback', 'transfer'] as const;
export const ASSISTANT_PROVIDERS = ['built-in', 'openai-compatible'] as const;
export const WHEN_UNSURE_LABELS: Record<(typeof WHEN_UNSURE)[number], string> = {
  take_message: 'Take a message for the team',
  offer_callback: 'Offer a call back',
  transfer: 'Give the escalation number',
};

export type AssistantSettings = {
  /** The name the assistant gives callers; empty = it simply says "the assistant". */
  name: string;
  /** The first thing it says; empty = a greeting built from the business name. */
  greeting: string;
  tone: (typeof ASSISTANT_TONES)[number];
  when_unsure: (typeof WHEN_UNSURE)[number];
  /** A person to reach (E.164), given to callers who ask for one when when_unsure is transfer. */
  escalation_phone: string | null;
  /** Ask for name, number and preferred time when a caller wants a booking or call back. */
  capture_bookings: boolean;
  /** openai-compatible only takes effect when ASSISTANT_BASE_URL is set. */
  provider: (typeof ASSISTANT_PROVIDERS)[number];
  /** Phone calls open with "This call may be recorded." (RECORDING_NOTICE). */
  recording_notice: boolean;
};

/** What callers hear first when the business turns the recording notice on. */
export const RECORDING_NOTICE = 'This call may be recorded.';

/**
 * Notification preferences of one member in one business (each member sets their own):
 * which events notify, and quiet hours in the business's timezone during which only
 * callers flagged urgent still notify (when urgent_override is on).
 */
export const NOTIFICATION_EVENTS = [
  'task_due',
  'new_call',
  'missed_call',
  'voicemail',
  'new_sms',
  'new_form',
  'assistant_question',
  'assistant_task',
  'new_order',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  task_due: 'A task is due',
  new_call: 'A call the assistant answered',
  missed_call: 'A missed call',
  voicemail: 'A voicemail',
  new_sms: 'A new SMS',
  new_form: 'A new web form',
  assistant_question: 'A question the assistant could not answer',
  assistant_task: 'A task the assistant created (booking, call back)',
  new_order: 'A new order',
};
export type NotificationPreferences = {
  events: Record<NotificationEvent, boolean>;
  quiet_hours: { enabled: boolean; start: string; end: string; urgent_override: boolean };
  /** An email each morning about yesterday, at `time` (HH:mm) in the business's timezone (api/features/notifications/daily-summary.ts). */
  daily_summary: { enabled: boolean; time: string };
};
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  events: Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, true])) as Record<NotificationEvent, boolean>,
  quiet_hours: { enabled: false, start: '21:00', end: '07:00', urgent_override: true },
  daily_summary: { enabled: false, time: '08:00' },
};
export function resolveNotificationPreferences(
  stored: Partial<NotificationPreferences> | null | undefined,
): NotificationPreferences {
  return {
    events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, ...(stored?.events ?? {}) },
    quiet_hours: { ...DEFAULT_NOTIFICATION_PREFERENCES.quiet_hours, ...(stored?.quiet_hours ?? {}) },
    daily_summary: { ...DEFAULT_NOTIFICATION_PREFERENCES.daily_summary, ...(stored?.daily_summary ?? {}) },
  };
}

export type BusinessSettings = {
  timezone: string;
  /** Seven days, Monday first; null until the owner sets them (the assistant then never states hours it was not told). */
  opening_hours: DayHours[] | null;
  overwrites: HoursOverwrite[];
  assistant: AssistantSettings;
};

/** What businesses.settings holds (the timezone is the business's own column). */
export type StoredBusinessSettings = {
  opening_hours?: DayHours[] | null;
  overwrites?: HoursOverwrite[];
  assistant?: Partial<AssistantSettings>;
};

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  name: '',
  greeting: '',
  tone: 'friendly',
  when_unsure: 'take_message',
  escalation_phone: null,
  capture_bookings: true,
  provider: 'built-in',
  recording_notice: false,
};

export const NEW_OVERWRITE_DEFAULTS = { all_day: true, status: 'closed', start: '00:00', end: '23:59' } as const;

export function resolveBusinessSettings(
  stored: StoredBusinessSettings | null | undefined,
  timezone: string,
): BusinessSettings {
  return {
    timezone,
    // Hours saved before time slots read as one slot a day.
    opening_hours: stored?.opening_hours?.map(withSlots) ?? null,
    overwrites: stored?.overwrites ?? [],
    assistant: { ...DEFAULT_ASSISTANT_SETTINGS, ...(stored?.assistant ?? {}) },
  };
}

export const overwriteSchema = z
  .object({
    _id: z.string().trim().max(64).optional(),
    all_day: bool.default(NEW_OVERWRITE_DEFAULTS.all_day),
    date: z
      // No message of its own in the spec: the rule for any required field.
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .pipe(calendarDateSchema(messages.hours.dateInvalid)),
    start: time.default(NEW_OVERWRITE_DEFAULTS.start),
    end: time.default(NEW_OVERWRITE_DEFAULTS.end),
    status: z.enum(['open', 'closed']).default(NEW_OVERWRITE_DEFAULTS.status),
    note: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
  })
  .refine((entry) => entry.all_day || entry.end > entry.start, { error: messages.hours.endBeforeStart, path: ['end'] });

export const assistantSettingsSchema = z.object({
  name: z.string().trim().max(50, { error: 'The assistant name must be less than 50 characters.' }).optional(),
  greeting: z.string().trim().max(500, { error: 'The greeting must be less than 500 characters.' }).optional(),
  tone: z.enum(ASSISTANT_TONES).optional(),
  when_unsure: z.enum(WHEN_UNSURE).optional(),
  // Left out: unchanged; '' or null: cleared.
  escalation_phone: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    .pipe(phoneNumber.nullish()),
  capture_bookings: bool.optional(),
  provider: z.enum(ASSISTANT_PROVIDERS).optional(),
  recording_notice: bool.optional(),
});

/** The caller's own notification preferences (any member may set theirs); the keys sent change. */
export const notificationPreferencesSchema = z.object({
  events: z.partialRecord(z.enum(NOTIFICATION_EVENTS), bool).optional(),
  quiet_hours: z
    .object({
      enabled: bool.optional(),
      start: time.optional(),
      end: time.optional(),
      urgent_override: bool.optional(),
    })
    .optional(),
  daily_summary: z.object({ enabled: bool.optional(), time: time.optional() }).optional(),
});

/** businesses/settings/{id}/set: only the keys sent change. */
export const businessSettingsSetSchema = z.object({
  timezone: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || isValidTimezone(value), { error: messages.timezone.invalid }),
  opening_hours: z
    .array(dayHoursSchema)
    .length(7, { error: 'Opening hours need all seven days.' })
    .refine((days) => new Set(days.map((day) => day.day)).size === 7, { error: 'Opening hours need all seven days.' })
    .transform((days) => WEEKDAYS.map((weekday) => days.find((day) => day.day === weekday)!))
    .nullable()
    .optional(),
  overwrites: z.array(overwriteSchema).max(366, { error: 'At most 366 overwrites.' }).optional(),
  assistant: assistantSettingsSchema.optional(),
  notifications: notificationPreferencesSchema.optional(),
});
export type BusinessSettingsSetInput = z.input<typeof businessSettingsSetSchema>;
