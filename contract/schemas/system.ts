import { z } from 'zod';
import { nullablePhoneField, phoneField, phoneNumber, webUrl } from '../fields';
import { messages } from '../messages';
import {
  FOLLOW_UP_CHANNELS,
  SIMULATION_KINDS,
  SPOKEN_SIMULATION_KINDS,
  SYSTEM_KINDS,
  systemMessages,
} from '../system-terms';

export * from '../system-terms';

const optionalE164 = nullablePhoneField;

const template = z
  .string()
  .trim()
  .min(1, { error: systemMessages.templateRequired })
  .max(640, { error: 'Template must be less than 640 characters.' });

const origin = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ''))
  .pipe(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, { error: systemMessages.originInvalid }));

const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', 'off']).transform((value) => value === 'true' || value === 'on'),
]);

export const phoneSettingsSchema = z.object({
  missed_call_text_back: bool,
  text_back_template: template,
  voicemail_when_closed: bool,
  sms_auto_reply: bool,
  record_calls: bool,
  transfer_number: optionalE164,
});
export const mobileSettingsSchema = phoneSettingsSchema.extend({ mobile_number: optionalE164 });
export const leadcatcherSettingsSchema = z.object({
  form_name: z
    .string()
    .trim()
    .min(1, { error: messages.required })
    .max(100, { error: 'Form name must be less than 100 characters.' }),
  allowed_origins: z
    .union([z.array(z.string()), z.string().transform((value) => value.split(/[\s,]+/))])
    .transform((list) => list.map((value) => value.trim()).filter(Boolean))
    .pipe(z.array(origin).max(20, { error: 'At most 20 sites.' })),
  follow_up: z.enum(FOLLOW_UP_CHANNELS, { error: 'Follow up must be none, sms or email.' }),
  follow_up_template: template,
  // A visitor's browser is sent here: a public http(s) address only.
  redirect_url: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(webUrl({ max: 500, invalid: systemMessages.urlInvalid, publicOnly: true }).nullable()),
  success_message: z.string().trim().min(1, { error: messages.required }).max(300),
});

/** settings/{id}/set: only the keys sent change (partial), validated against the system's kind. */
export const SETTINGS_SCHEMAS = {
  telephony: phoneSettingsSchema.partial(),
  mobile: mobileSettingsSchema.partial(),
  leadcatcher: leadcatcherSettingsSchema.partial(),
} as const;

/** create: name is the kind (spec: name telephony, leadcatcher, mobile). */
export const systemCreateSchema = z.object({
  name: z.enum(SYSTEM_KINDS, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? systemMessages.nameRequired : systemMessages.nameInvalid,
  }),
});

export const numberSearchSchema = z.object({
  country: z
    .string({ error: systemMessages.countryRequired })
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{2}$/, { error: systemMessages.countryRequired })),
  area_code: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, { error: systemMessages.areaCodeInvalid })
        .optional(),
    ),
  contains: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}$/, { error: 'Digits only.' })
        .optional(),
    ),
});

export const purchaseNumberSchema = z.object({
  phone_number: z
    .string({ error: systemMessages.numberRequired })
    .trim()
    .min(1, { error: systemMessages.numberRequired, abort: true })
    // As typed, like every phone field: national in the business's country, or spaced.
    .pipe(phoneNumber),
  /** The telephony or mobile system the number is for; left out = a new telephony system. */
  system_id: z.string().trim().max(100).optional(),
});

export const makeCallSchema = z.object({
  to: phoneField,
  /** The business number the call comes from; left out = this system's number. */
  from: optionalE164,
  /** Who is rung first (the staff member); connected to `to` once they answer. */
  agent_number: z
    .string({ error: systemMessages.agentRequired })
    .trim()
    .min(1, { error: systemMessages.agentRequired, abort: true })
    .pipe(phoneNumber),
});

export const sendMessageSchema = z.object({
  to: phoneField,
  from: optionalE164,
  message: z
    .string({ error: systemMessages.messageRequired })
    .trim()
    .min(1, { error: systemMessages.messageRequired, abort: true })
    .max(1600, { error: systemMessages.messageTooLong }),
});

/** setup/{id}/submit: the step and its values (the values may also be sent at the top level). */
export const setupSubmitSchema = z.object({
  step: z.string({ error: systemMessages.stepUnknown }).trim().min(1, { error: systemMessages.stepUnknown }),
  values: z.record(z.string(), z.unknown()).optional(),
});

/** The sandbox simulator: drives the same handlers as the provider's webhooks. */
export const simulateSchema = z.object({
  kind: z.enum(SIMULATION_KINDS, { error: 'Choose call, missed_call or sms.' }),
  from: phoneField,
  /** What the caller says, one turn per line (or the SMS text). */
  says: z.string().trim().max(2000, { error: 'At most 2000 characters.' }).optional().default(''),
});

/** simulate-voice: the same simulation with what the caller says spoken (multipart, with `audio` = a WAV); a missed call says nothing. */
export const simulateVoiceSchema = z.object({
  kind: z.enum(SPOKEN_SIMULATION_KINDS, { error: 'Choose call or sms.' }),
  from: phoneField,
});
